/**
 * Markdown → HTML for notification bodies, safe by construction: every character of the input
 * is HTML-escaped first, and only the tags this file writes can appear (p, h1–h6, strong, em,
 * code, pre, ul, ol, li, a with an http(s)/mailto href, br, hr). No `<script>`, no attributes
 * but href, whatever the template or the event data contain.
 *
 * A backslash before ASCII punctuation is CommonMark's escape: that character is text, never
 * markup. Bodies escape every value they print this way (expr's markdownValues), so a check
 * whose output holds `[Re-authenticate](https://…)` shows those characters, not a link. Inside
 * code the escapes are dropped too, so a value in a code block reads as it is.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** A backslash escape: `\` and one ASCII punctuation character. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
// eslint-disable-next-line no-control-regex
const HELD = /\u0000(\d+)\u0000/g;

/**
 * Pieces of a line set aside while the rest is read as markup, each with its HTML and its
 * text; `hold` leaves a placeholder that no markup pattern matches.
 */
class Held {
  private readonly pieces: { html: string; text: string }[] = [];
  hold(html: string, text: string): string {
    this.pieces.push({ html, text });
    return `\u0000${this.pieces.length - 1}\u0000`;
  }
  /** Puts the pieces back (pieces may hold pieces: code with escapes in it). */
  restore(s: string, as: 'html' | 'text'): string {
    let out = s;
    for (let round = 0; round < 3 && out.includes('\u0000'); round++)
      out = out.replace(HELD, (_m, i: string) => this.pieces[Number(i)]?.[as] ?? '');
    return out;
  }
}

// eslint-disable-next-line no-control-regex
const withoutNul = (s: string) => s.replace(/\u0000/g, '');

/** Inline markup of one line: escapes, code spans, links, bold, italics; HTML-escaped. */
function inline(line: string): string {
  const held = new Held();
  let s = withoutNul(line).replace(ESCAPED, (_m, c: string) => held.hold(escapeHtml(c), c));
  s = s.replace(/`([^`]+)`/g, (_m, code: string) =>
    held.hold(`<code>${escapeHtml(held.restore(code, 'text'))}</code>`, code),
  );
  s = escapeHtml(s);
  s = s.replace(LINK, (_whole, label: string, href: string) => {
    // The href was escaped with the rest; &amp; stays a valid attribute value.
    const raw = held.restore(href, 'text').replace(/&amp;/g, '&');
    return SAFE_HREF.test(raw) ? `<a href="${escapeHtml(raw)}">${label}</a>` : label;
  });
  s = s.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/__([^_]+)__/g, '<strong>$1</strong>');
  s = s.replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>');
  return held.restore(s, 'html');
}

/** Code block text: escapes dropped, so a value reads as it is. */
const codeText = (text: string) => text.replace(ESCAPED, '$1');

/** Renders Markdown text as sanitised HTML. */
export function markdownToHtml(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | undefined;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.map((l) => inline(l)).join('<br>')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${i}</li>`).join('')}</${list.tag}>`);
    list = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*```/.test(line)) {
      flushParagraph();
      flushList();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i] ?? ''); i++) code.push(lines[i] ?? '');
      out.push(`<pre><code>${escapeHtml(codeText(code.join('\n')))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (/^\s*(---+|\*\*\*+)\s*$/.test(line)) {
      flushParagraph();
      flushList();
      out.push('<hr>');
    } else if (bullet || numbered) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list?.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push(inline((bullet ?? numbered)?.[1] ?? ''));
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}

/** Links as "label (url)", escaped brackets left alone; `escapes` says what becomes of `\X`. */
function linksAsText(line: string, escapes: 'keep' | 'drop'): string {
  const held = new Held();
  const s = withoutNul(line).replace(ESCAPED, (whole, c: string) => held.hold(whole, c));
  const linked = s.replace(
    LINK,
    (_m, label: string, href: string) => `${label} (${held.restore(href, 'text')})`,
  );
  return held.restore(linked, escapes === 'keep' ? 'html' : 'text');
}

/** Markdown as plain text (an email's text part): links as "label (url)", escapes as their characters. */
export function markdownToText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => linksAsText(line, 'drop'))
    .join('\n');
}

/**
 * Markdown for chat services, which render Markdown themselves: links as "label (url)" as
 * before, and the escapes kept, so a value's `[x](y)` stays text there too. Inside a code
 * block they are dropped, except for `` ` ``, `<` and `>` (a value cannot close the block, and
 * Slack still reads `<…>` there).
 */
export function markdownToChat(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return line;
      }
      if (fenced) return line.replace(ESCAPED, (whole, c: string) => ('`<>'.includes(c) ? whole : c));
      return linksAsText(line, 'keep');
    })
    .join('\n');
}
