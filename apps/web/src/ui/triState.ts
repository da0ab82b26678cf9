/** Three-state filter: 0 none, 1 include, -1 exclude. */
export type TriState = 0 | 1 | -1;
export type TriStateMap = Record<string, TriState>;

/** Choosing the same value again resets it to 0. */
export function toggleTriState(current: TriState | undefined, chosen: 1 | -1): TriState {
  return current === chosen ? 0 : chosen;
}

/** ':' and ',' inside values are escaped so that the list stays parseable. */
export function escapeFilterValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/:/g, '\\:').replace(/,/g, '\\,');
}

export function unescapeFilterValue(value: string): string {
  return value.replace(/\\(.)/g, '$1');
}

/** Splits on a separator that is not escaped. */
function splitUnescaped(text: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] ?? '';
    if (ch === '\\' && i + 1 < text.length) {
      cur += ch + (text[i + 1] ?? '');
      i += 1;
    } else if (ch === sep) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

/** { a: 1, 'b:c': -1 } → 'a:1,b\:c:-1' (values set to 0 are left out). */
export function encodeTriState(map: TriStateMap): string {
  return Object.entries(map)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${escapeFilterValue(k)}:${v}`)
    .join(',');
}

export function decodeTriState(text: string | null | undefined): TriStateMap {
  const out: TriStateMap = {};
  if (!text) return out;
  for (const item of splitUnescaped(text, ',')) {
    const parts = splitUnescaped(item, ':');
    const sign = parts.pop();
    if (parts.length === 0 || (sign !== '1' && sign !== '-1')) continue;
    out[unescapeFilterValue(parts.join(':'))] = sign === '1' ? 1 : -1;
  }
  return out;
}
