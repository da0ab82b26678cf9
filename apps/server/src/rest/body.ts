/** A request body that is not readable JSON; the handlers answer it with PGRST102. */
export class UnreadableBody {
  constructor(readonly reason: string) {}
}

/** The text each parsed body came as: sent to SQL as is (no re-serialising, no lost digits). */
const rawText = new WeakMap<object, string>();

export function bodyText(body: object): string {
  return rawText.get(body) ?? JSON.stringify(body);
}

/**
 * The body as the data-access hook and the handlers see it: parsed JSON, `undefined` when
 * empty, or an UnreadableBody (refused later, after authorization, with a PostgREST error).
 */
export function parseBodyText(text: string): unknown {
  if (!text.trim()) return undefined;
  // PostgreSQL text cannot hold NUL; refuse it here rather than at the database.
  if (text.includes('\\u0000') || text.includes('\0')) {
    return new UnreadableBody('NUL characters are not allowed in the body');
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null) rawText.set(value, text);
    return value;
  } catch {
    return new UnreadableBody('Empty or invalid json');
  }
}
