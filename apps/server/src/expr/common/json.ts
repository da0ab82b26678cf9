/** JSON for composite values: bigints as numbers, Maps as objects, Dates as ISO strings. */
export function toJson(v: unknown, indent?: string | number): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(
      v,
      (_k, x: unknown) => {
        if (typeof x === 'bigint') return Number(x);
        if (x instanceof Map) return Object.fromEntries(x);
        return x;
      },
      indent,
    );
  } catch (e) {
    throw new Error(`cannot convert to JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  return text ?? 'null';
}
