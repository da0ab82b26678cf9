/**
 * The `# gotemplate: left-delim=$[[ right-delim=]]` header of a template (Mission Control's
 * per-script delimiters, docs/playbooks.md "Templating"). It is one of the comment lines a text
 * starts with: after a shebang (`#!/bin/bash`, `#! pwsh`), other `#` comments or a YAML `---`,
 * so `#!/bin/bash\n# gotemplate: …` works as well as the header on the first line.
 */
export type GotemplateHeader = {
  /** Offsets of the header line in the text, its line break included. */
  start: number;
  end: number;
  /** 1-based line of the header. */
  line: number;
  /** The `key=value` settings after `gotemplate:`, as written. */
  settings: string[];
};

const HEADER = /^[ \t]*#[ \t]*gotemplate:(.*)$/;

/** The header, when one of the text's leading comment lines is one; undefined otherwise. */
export function findGotemplateHeader(text: string): GotemplateHeader | undefined {
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline + 1;
    const content = text.slice(start, newline < 0 ? text.length : newline).replace(/\r$/, '');
    const m = HEADER.exec(content);
    if (m) return { start, end, line, settings: (m[1] ?? '').trim().split(/\s+/).filter(Boolean) };
    // Only the leading comment lines (and YAML document markers) can hold the header.
    if (content.trim() !== '---' && !/^[ \t]*#/.test(content)) return undefined;
    if (newline < 0) return undefined;
    start = end;
  }
  return undefined;
}

/** The text without its header line. */
export function withoutGotemplateHeader(text: string, header: GotemplateHeader): string {
  return text.slice(0, header.start) + text.slice(header.end);
}
