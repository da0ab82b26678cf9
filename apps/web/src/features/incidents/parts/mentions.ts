/** Mention markup in comments: @[display](user:id). */
export const MENTION_RE = /@\[([^\]]+)\]\(user:([^)]+)\)/g;

export function mentionMarkup(display: string, id: string): string {
  return `@[${display.replace(/[[\]]/g, '')}](user:${id})`;
}

/** The text as it is read: every mention as '@display'. */
export function renderMentions(text: string): string {
  return text.replace(MENTION_RE, (_m, display: string) => `@${display}`);
}

/**
 * The mention being typed at the caret: the text after the last '@' that starts a word and has no
 * space yet. `start` is the index of that '@'.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return undefined;
  if (at > 0 && !/\s/.test(before[at - 1] ?? '')) return undefined;
  const query = before.slice(at + 1);
  if (/[\s[\]()]/.test(query)) return undefined;
  return { start: at, query };
}

/** Replaces the typed '@query' (from start to caret) with the markup and a space. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  person: { id: string; name: string },
): { text: string; caret: number } {
  const markup = `${mentionMarkup(person.name, person.id)} `;
  return { text: text.slice(0, start) + markup + text.slice(caret), caret: start + markup.length };
}
