/**
 * `format: properties`: a Java .properties file (also key = value files such as
 * postgresql.conf) read into one flat object, as config-db does: `#` and `!` comment lines,
 * `key=value`, `key: value` or `key value`, backslash line continuations and escapes. Like
 * config-db, a `#` outside single quotes ends the value (an inline comment).
 */

const ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : (ESCAPES[c] ?? c),
  );
}

/** Logical lines: a line ending in an odd number of backslashes continues on the next. */
function logicalLines(text: string): string[] {
  const out: string[] = [];
  let current: string | undefined;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trimStart();
    const joined = (current ?? '') + line;
    const trailing = /\\+$/.exec(joined)?.[0].length ?? 0;
    if (trailing % 2 === 1) current = joined.slice(0, -1);
    else {
      out.push(joined);
      current = undefined;
    }
  }
  if (current !== undefined) out.push(current);
  return out;
}

function withoutInlineComment(value: string): string {
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "'") quoted = !quoted;
    else if (c === '#' && !quoted) return value.slice(0, i).trim();
  }
  return value.trim();
}

export function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of logicalLines(text)) {
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    // The key ends at the first unescaped =, : or whitespace.
    const m = /^((?:\\.|[^=:\s\\])+)\s*(?:[=:]\s*|\s+|$)([\s\S]*)$/.exec(line);
    if (!m) continue;
    const key = unescape(m[1] ?? '');
    Object.defineProperty(out, key, {
      value: unescape(withoutInlineComment(m[2] ?? '')),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
