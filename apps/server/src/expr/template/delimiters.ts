import { findGotemplateHeader, withoutGotemplateHeader } from '@opsdeck/shared';
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

/**
 * A `# gotemplate: left-delim=$[[ right-delim=]]` header among the text's leading comment lines
 * (first, or after a shebang: `findGotemplateHeader`) switches the text to that one pair of
 * delimiters (a missing side keeps Go's `{{` / `}}`); the header line itself is dropped, as
 * Mission Control does. `firstLine` is the line number the body's first line had in the text.
 */
export function readHeader(
  text: string,
  delimiters: readonly Delimiters[],
): { body: string; delimiters: readonly Delimiters[]; firstLine: number } {
  const header = findGotemplateHeader(text);
  if (!header) return { body: text, delimiters, firstLine: 1 };
  let left = '{{';
  let right = '}}';
  for (const setting of header.settings) {
    const [key, ...rest] = setting.split('=');
    const value = rest.join('=');
    if (key === 'left-delim' && value) left = value;
    else if (key === 'right-delim' && value) right = value;
    else throw new TemplateError('parse', header.line, `unknown gotemplate setting "${setting}"`);
  }
  return {
    body: withoutGotemplateHeader(text, header),
    delimiters: [{ left, right }],
    // Lines after a header that follows a shebang are counted from 1 (one line early).
    firstLine: header.line === 1 ? 2 : 1,
  };
}
