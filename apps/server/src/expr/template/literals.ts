/** Go literal syntax: quoted strings and character constants (strconv.Unquote), numbers. */

const SIMPLE_ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** Decodes the body of a `"…"` string or `'…'` character constant; throws on a bad escape. */
export function unquote(token: string): string {
  const quote = token[0] ?? '"';
  const body = token.slice(1, -1);
  if (quote === '`') return body.replace(/\r/g, '');
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] ?? '';
    if (c !== '\\') {
      out += c;
      continue;
    }
    const e = body[++i] ?? '';
    if (e in SIMPLE_ESCAPES) out += SIMPLE_ESCAPES[e];
    else if (e === quote) out += quote;
    else if (e === 'x' || e === 'u' || e === 'U') {
      const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) throw new Error(`invalid escape \\${e}${hex}`);
      out += String.fromCodePoint(parseInt(hex, 16));
      i += len;
    } else if (/[0-7]/.test(e)) {
      const oct = body.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) throw new Error(`invalid escape \\${oct}`);
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else throw new Error(`invalid escape \\${e}`);
  }
  return out;
}

/** The value of a Go number literal and whether Go would treat it as an integer constant. */
export function parseNumber(text: string): { value: number; isInt: boolean } {
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]/, '').replace(/_/g, '');
  let value: number;
  let isInt = true;
  if (/^0[xXoObB]/.test(body)) value = Number(body);
  else if (/^0[0-7]+$/.test(body)) value = parseInt(body, 8);
  else {
    value = Number(body);
    isInt = !/[.eE]/.test(body);
  }
  if (Number.isNaN(value)) throw new Error(`bad number syntax: "${text}"`);
  return { value: negative ? -value : value, isInt };
}
