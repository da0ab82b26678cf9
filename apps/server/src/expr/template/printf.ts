import { printValue, toJson, typeName } from './values.js';

/**
 * Go's fmt.Sprintf for templates: flags `-+# 0`, width and precision (also `*`), explicit
 * argument indexes `%[2]s`, and the verbs `v s q d b o x X c U e E f F g G t T %`. A value of
 * the wrong kind prints Go's `%!d(string=abc)`; missing and extra arguments print
 * `%!d(MISSING)` and `%!(EXTRA …)`. Lenient where templates need it: `%s` prints any
 * value, `%d` truncates a number with a fraction (JSON has no integers).
 */

type Spec = {
  minus: boolean;
  plus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  width?: number;
  prec?: number;
};

const ESCAPES: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};

/** strconv.Quote: `"a\"b\n"`. */
export function goQuote(s: string, quote = '"'): string {
  let out = quote;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ESCAPES[ch]) out += ESCAPES[ch];
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

function bad(verb: string, v: unknown): string {
  if (v === undefined || v === null) return `%!${verb}(<nil>)`;
  return `%!${verb}(${typeName(v)}=${printValue(v)})`;
}

function pad(s: string, spec: Spec, numeric: boolean): string {
  const width = spec.width ?? 0;
  const len = [...s].length;
  if (len >= width) return s;
  if (spec.minus) return s + ' '.repeat(width - len);
  if (spec.zero && numeric) {
    const sign = /^[+\- ]/.test(s) ? (s[0] ?? '') : '';
    const rest = s.slice(sign.length);
    const prefix = /^0[xXbo]/.test(rest) && spec.sharp ? rest.slice(0, 2) : '';
    return sign + prefix + '0'.repeat(width - len) + rest.slice(prefix.length);
  }
  return ' '.repeat(width - len) + s;
}

function signed(text: string, negative: boolean, spec: Spec): string {
  if (negative) return `-${text}`;
  if (spec.plus) return `+${text}`;
  if (spec.space) return ` ${text}`;
  return text;
}

function expTwoDigits(s: string): string {
  return s.replace(/e([+-])(\d)$/, 'e$10$2');
}

function special(x: number, spec: Spec): string | undefined {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return spec.plus ? '+Inf' : spec.space ? ' Inf' : '+Inf';
  if (x === -Infinity) return '-Inf';
  return undefined;
}

function formatG(x: number, prec: number | undefined, upper: boolean, sharp: boolean): string {
  const abs = Math.abs(x);
  if (abs === 0) return '0';
  const shortest = prec === undefined;
  const digitsText = shortest ? abs.toExponential() : abs.toExponential(Math.max((prec || 1) - 1, 0));
  const [mant = '', expText = '0'] = digitsText.split('e');
  let digits = mant.replace('.', '');
  if (!sharp) digits = digits.replace(/0+$/, '') || '0';
  const exp = Number(expText);
  let eprec = shortest ? 6 : prec || 1;
  const dp = exp + 1;
  if (!shortest && eprec > digits.length && digits.length >= dp) eprec = digits.length;
  let out: string;
  if (exp < -4 || exp >= eprec) {
    out = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  } else {
    out = abs.toFixed(Math.max(digits.length - dp, 0));
  }
  return upper ? out.toUpperCase() : out;
}

function formatNumber(verb: string, v: unknown, spec: Spec): string {
  const x = typeof v === 'bigint' ? Number(v) : v;
  if (typeof x !== 'number') return bad(verb, v);
  const sp = special(x, spec);
  if (sp) return pad(sp, spec, false);
  const negative = x < 0 || Object.is(x, -0);
  const abs = Math.abs(x);
  let text: string;
  switch (verb) {
    case 'e':
    case 'E':
      text = expTwoDigits(abs.toExponential(spec.prec ?? 6));
      if (verb === 'E') text = text.toUpperCase();
      break;
    case 'f':
    case 'F':
      text = abs.toFixed(spec.prec ?? 6);
      break;
    default:
      text = formatG(abs, spec.prec, verb === 'G', spec.sharp);
  }
  return pad(signed(text, negative && x !== 0, spec), spec, true);
}

function formatInteger(verb: string, v: unknown, spec: Spec): string {
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number' && Number.isFinite(v)) n = BigInt(Math.trunc(v));
  else if (verb === 'x' || verb === 'X') {
    if (typeof v !== 'string') return bad(verb, v);
    const hex = Buffer.from(v, 'utf8').toString('hex');
    return pad(verb === 'X' ? hex.toUpperCase() : hex, spec, false);
  } else return bad(verb, v);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const base = verb === 'b' ? 2 : verb === 'o' || verb === 'O' ? 8 : verb === 'x' || verb === 'X' ? 16 : 10;
  let text = abs.toString(base);
  if (spec.prec !== undefined) text = text.padStart(spec.prec, '0');
  if (verb === 'X') text = text.toUpperCase();
  if (spec.sharp && base === 16) text = (verb === 'X' ? '0X' : '0x') + text;
  if (spec.sharp && base === 8 && !text.startsWith('0')) text = `0${text}`;
  if (spec.sharp && base === 2) text = `0b${text}`;
  if (verb === 'O') text = `0o${text}`;
  return pad(signed(text, negative, spec), spec, true);
}

function formatOne(verb: string, v: unknown, spec: Spec): string {
  switch (verb) {
    case 'v':
      if (spec.sharp)
        return pad(typeof v === 'string' ? goQuote(v) : v === undefined ? 'nil' : toJson(v), spec, false);
      return pad(printValue(v), spec, false);
    case 's': {
      const s = printValue(v);
      return pad(spec.prec !== undefined ? [...s].slice(0, spec.prec).join('') : s, spec, false);
    }
    case 'q':
      if (typeof v === 'number' && Number.isInteger(v))
        return pad(goQuote(String.fromCodePoint(v), "'"), spec, false);
      if (typeof v !== 'string') return bad(verb, v);
      return pad(goQuote(spec.prec !== undefined ? [...v].slice(0, spec.prec).join('') : v), spec, false);
    case 't':
      return typeof v === 'boolean' ? pad(String(v), spec, false) : bad(verb, v);
    case 'T':
      return pad(typeName(v), spec, false);
    case 'c':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0x10ffff
        ? pad(String.fromCodePoint(v), spec, false)
        : bad(verb, v);
    case 'U':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0
        ? pad(`U+${v.toString(16).toUpperCase().padStart(4, '0')}`, spec, false)
        : bad(verb, v);
    case 'd':
    case 'b':
    case 'o':
    case 'O':
    case 'x':
    case 'X':
      return formatInteger(verb, v, spec);
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
      return formatNumber(verb, v, spec);
    default:
      return `%!${verb}(${typeName(v)}=${printValue(v)})`;
  }
}

export function sprintf(format: string, args: readonly unknown[], maxWidth: number): string {
  let out = '';
  let argNum = 0;
  let reordered = false;
  const takeInt = (): number | undefined => {
    const v = args[argNum++];
    return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
  };
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const spec: Spec = { minus: false, plus: false, sharp: false, space: false, zero: false };
    for (i++; i < format.length; i++) {
      const f = format[i];
      if (f === '-') spec.minus = true;
      else if (f === '+') spec.plus = true;
      else if (f === '#') spec.sharp = true;
      else if (f === ' ') spec.space = true;
      else if (f === '0') spec.zero = !spec.minus;
      else break;
    }
    const index = () => {
      const m = /^\[(\d+)\]/.exec(format.slice(i));
      if (!m) return;
      argNum = Number(m[1]) - 1;
      reordered = true;
      i += m[0].length;
    };
    index();
    if (format[i] === '*') {
      spec.width = takeInt();
      if (spec.width !== undefined && spec.width < 0) {
        spec.minus = true;
        spec.width = -spec.width;
      }
      i++;
    } else {
      const m = /^\d+/.exec(format.slice(i));
      if (m) {
        spec.width = Number(m[0]);
        i += m[0].length;
      }
    }
    if (format[i] === '.') {
      i++;
      index();
      if (format[i] === '*') {
        spec.prec = takeInt();
        i++;
      } else {
        const m = /^\d+/.exec(format.slice(i));
        spec.prec = m ? Number(m[0]) : 0;
        i += m ? m[0].length : 0;
      }
    }
    index();
    if ((spec.width ?? 0) > maxWidth || (spec.prec ?? 0) > maxWidth) {
      throw new Error(`width or precision above ${maxWidth}`);
    }
    const verb = format[i];
    if (verb === undefined) {
      out += '%!(NOVERB)';
      break;
    }
    if (verb === '%') {
      out += '%';
      continue;
    }
    if (argNum >= args.length) {
      out += `%!${verb}(MISSING)`;
      continue;
    }
    out += formatOne(verb, args[argNum++], spec);
  }
  if (!reordered && argNum < args.length) {
    out += `%!(EXTRA ${args
      .slice(argNum)
      .map((a) => `${typeName(a)}=${printValue(a)}`)
      .join(', ')})`;
  }
  return out;
}
