/** A piece of a log message: text, or a link that is safe to open. */
export type MessagePart = { text: string; href?: string };

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** Only http(s) URLs become links: `javascript:`, `file:` and the like stay text. */
export function safeHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Splits a message into text and http(s) links (trailing punctuation stays text). */
export function messageParts(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const m of message.matchAll(URL_IN_TEXT)) {
    const raw = m[0].replace(/[.,;:)\]}]+$/, '');
    const at = m.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (at > last) parts.push({ text: message.slice(last, at) });
    parts.push({ text: raw, href });
    last = at + raw.length;
  }
  if (last < message.length) parts.push({ text: message.slice(last) });
  return parts;
}
