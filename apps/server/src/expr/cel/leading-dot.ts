/**
 * Mission Control filters write `matchQuery(.config, "…")`: a leading dot on a variable
 * (CEL's "root namespace" form), which cel-js does not parse. The dot is dropped when it
 * starts an operand, outside string literals; member access (`a.b`, `f().b`) is untouched.
 */

const IDENT_START = /[A-Za-z_]/;
const OPERAND_END = /[\w)\]}"'`]/;

export function stripLeadingDots(expression: string): string {
  let out = '';
  let quote: string | undefined;
  let prev = ''; // last non-space character outside strings
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i] ?? '';
    if (quote) {
      out += c;
      if (c === '\\') out += expression[++i] ?? '';
      else if (expression.startsWith(quote, i)) {
        out += quote.slice(1);
        i += quote.length - 1;
        quote = undefined;
        prev = '"';
      }
      continue;
    }
    if (c === '"' || c === "'") {
      quote = expression.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      out += quote;
      i += quote.length - 1;
      continue;
    }
    if (c === '.' && IDENT_START.test(expression[i + 1] ?? '') && !OPERAND_END.test(prev)) {
      prev = '.';
      continue;
    }
    out += c;
    if (!/\s/.test(c)) prev = c;
  }
  return out;
}
