import type { OutputEscape } from './exec.js';
import type { TemplateFunction } from './funcs/index.js';
import { printValue, Verbatim } from './values.js';

/**
 * Values as text inside Markdown: what a check printed, a config's name or a log line goes
 * into a notification body as the characters it is, never as a link, an image, emphasis or
 * a heading. Markup characters get CommonMark's backslash escape (`\[`); `_` only where it
 * could start emphasis (not inside `api_gateway`); `#`, `-`, `+`, `=` and `1.` only at the
 * start of a line. The template's own text is Markdown as written, and `{{ .x | markdown }}`
 * inserts a value as Markdown on purpose.
 */

const INLINE = new Set(['\\', '`', '*', '[', ']', '<', '>', '~']);
const WORD = /[\p{L}\p{N}]/u;

function escapeLine(line: string, lineStart: boolean): string {
  let out = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    const inWord = WORD.test(line[i - 1] ?? '') && WORD.test(line[i + 1] ?? '');
    out += INLINE.has(c) || (c === '_' && !inWord) ? `\\${c}` : c;
  }
  if (!lineStart) return out;
  return out.replace(/^(\s*)([#+=-])/, '$1\\$2').replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** Escapes a value for Markdown; `lineStart` when it begins a line (its later lines always do). */
export function escapeMarkdownText(text: string, at: { lineStart: boolean } = { lineStart: true }): string {
  return text
    .split('\n')
    .map((line, i) => escapeLine(line, i > 0 || at.lineStart))
    .join('\n');
}

/**
 * Render options for a Markdown body: every printed value escaped, and the `markdown`
 * function to insert one as Markdown. `funcs` are the caller's other functions.
 */
export function markdownValues(funcs: Readonly<Record<string, TemplateFunction>> = {}): {
  escape: OutputEscape;
  funcs: Record<string, TemplateFunction>;
} {
  return {
    escape: escapeMarkdownText,
    funcs: { ...funcs, markdown: (...args: unknown[]) => new Verbatim(args.map(printValue).join(' ')) },
  };
}
