import { TemplateError } from './errors.js';

/**
 * A pair of action delimiters. A `lenient` pair (`$( … )`) leaves text that is not a valid
 * action untouched, so shell command substitutions such as `$(date +%s)` or `$(hostname)`
 * in scripts survive rendering.
 */
export type Delimiters = { left: string; right: string; lenient?: boolean };

export const DEFAULT_DELIMITERS: readonly Delimiters[] = [
  { left: '{{', right: '}}' },
  { left: '$(', right: ')', lenient: true },
];

const HEADER = /^[ \t]*#[ \t]*gotemplate:([^\r\n]*)(?:\r?\n|$)/;

/**
 * A first line `# gotemplate: left-delim=$[[ right-delim=]]` switches the text to that one
 * pair of delimiters (a missing side keeps Go's `{{` / `}}`); the line itself is dropped.
 */
export function readHeader(
  text: string,
  delimiters: readonly Delimiters[],
): { body: string; delimiters: readonly Delimiters[]; firstLine: number } {
  const m = HEADER.exec(text);
  if (!m) return { body: text, delimiters, firstLine: 1 };
  let left = '{{';
  let right = '}}';
  for (const setting of (m[1] ?? '').trim().split(/\s+/).filter(Boolean)) {
    const [key, ...rest] = setting.split('=');
    const value = rest.join('=');
    if (key === 'left-delim' && value) left = value;
    else if (key === 'right-delim' && value) right = value;
    else throw new TemplateError('parse', 1, `unknown gotemplate setting "${setting}"`);
  }
  return { body: text.slice(m[0].length), delimiters: [{ left, right }], firstLine: 2 };
}
