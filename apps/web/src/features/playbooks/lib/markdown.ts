import { sanitizeHtml } from '../../../lib/sanitizeHtml.js';

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline marks of escaped text: code, bold, italic and http(s) links. */
function inline(s: string): string {
  return s
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/**
 * A small Markdown subset (headings, lists, fenced code, paragraphs, inline marks) as HTML,
 * escaped first and sanitised last: step output is untrusted text.
 */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  let list: string[] = [];
  let para: string[] = [];
  let code: string[] | undefined;
  const flush = () => {
    if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`);
    if (list.length) out.push(`<ul>${list.map((li) => `<li>${inline(li)}</li>`).join('')}</ul>`);
    para = [];
    list = [];
  };
  for (const raw of md.split('\n')) {
    if (code) {
      if (raw.trim().startsWith('```')) {
        out.push(`<pre><code>${code.join('\n')}</code></pre>`);
        code = undefined;
      } else code.push(escape(raw));
      continue;
    }
    const line = escape(raw);
    if (raw.trim().startsWith('```')) {
      flush();
      code = [];
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1]?.length ?? 1;
      out.push(`<h${level}>${inline(heading[2] ?? '')}</h${level}>`);
    } else if (item) {
      if (para.length) flush();
      list.push(item[1] ?? '');
    } else if (!line.trim()) flush();
    else {
      if (list.length) flush();
      para.push(line);
    }
  }
  if (code) out.push(`<pre><code>${code.join('\n')}</code></pre>`);
  flush();
  return sanitizeHtml(out.join(''));
}

/** Text split into plain parts and http(s) links: logs link only those. */
export function linkParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const re = /https?:\/\/[^\s<>"'`]+/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const at = m.index;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: m[0], href: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
