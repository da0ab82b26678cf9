import type { Delimiters } from './delimiters.js';
import { TemplateError } from './errors.js';

/**
 * Splits template text into tokens the way Go's text/template lexer does: text runs, and
 * inside each action identifiers, `.fields`, `$variables`, literals, `|`, parentheses, `:=`
 * and `=`. Trim markers (`{{- ` / ` -}}`) are applied here, comments are dropped.
 */

export type TokenType =
  | 'text'
  | 'leftDelim'
  | 'rightDelim'
  | 'space'
  | 'identifier'
  | 'keyword'
  | 'field'
  | 'variable'
  | 'dot'
  | 'string'
  | 'rawString'
  | 'char'
  | 'number'
  | 'bool'
  | 'nil'
  | 'pipe'
  | 'leftParen'
  | 'rightParen'
  | 'declare'
  | 'assign'
  | 'comma'
  | 'eof';

export type Token = {
  type: TokenType;
  value: string;
  line: number;
  /** leftDelim of a lenient pair: the action's whole source, kept verbatim if it is not valid. */
  raw?: string;
};

const KEYWORDS = new Set([
  'block',
  'break',
  'continue',
  'define',
  'else',
  'end',
  'if',
  'range',
  'template',
  'with',
]);
const SPACE = /[ \t\r\n]/;
const ALNUM = /[\p{L}\p{Nd}_]/u;
const LETTER = /[\p{L}_]/u;

class LexError extends Error {}

export class Lexer {
  private readonly tokens: Token[] = [];
  private readonly lineStarts: number[] = [0];
  private pos = 0;

  constructor(
    private readonly input: string,
    private readonly delims: readonly Delimiters[],
    private readonly firstLine: number,
  ) {
    for (let i = 0; i < input.length; i++) if (input[i] === '\n') this.lineStarts.push(i + 1);
  }

  lineAt(pos: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + this.firstLine;
  }

  run(): Token[] {
    let text = '';
    let textLine = this.lineAt(0);
    let trimNext = false;
    const flushText = (trimEnd: boolean) => {
      let t = text;
      if (trimNext) t = t.replace(/^[ \t\r\n]+/, '');
      if (trimEnd) t = t.replace(/[ \t\r\n]+$/, '');
      if (t) this.tokens.push({ type: 'text', value: t, line: textLine });
      text = '';
      trimNext = false;
    };
    while (this.pos < this.input.length) {
      const next = this.nextLeftDelim(this.pos);
      if (!next) {
        text += this.input.slice(this.pos);
        this.pos = this.input.length;
        break;
      }
      if (!text) textLine = this.lineAt(this.pos);
      text += this.input.slice(this.pos, next.at);
      const mark = this.tokens.length;
      const pending: { text: string; trimNext: boolean } = { text, trimNext };
      // Text before the action is emitted first so it precedes the action's tokens.
      flushText(hasLeftTrim(this.input, next.at + next.delim.left.length));
      try {
        const { end, trimRight } = this.lexAction(next.at, next.delim);
        this.pos = end;
        trimNext = trimRight;
      } catch (e) {
        if (!(e instanceof LexError)) throw e;
        if (!next.delim.lenient) {
          const at = e.message.startsWith('unclosed') ? next.at : this.pos;
          throw new TemplateError('parse', this.lineAt(at), e.message);
        }
        // Not an action after all (`$(date +%s)`): keep the delimiter as text and go on.
        this.tokens.length = mark;
        text = pending.text + next.delim.left;
        trimNext = pending.trimNext;
        this.pos = next.at + next.delim.left.length;
      }
    }
    flushText(false);
    this.tokens.push({ type: 'eof', value: '', line: this.lineAt(this.input.length) });
    return this.tokens;
  }

  /** Where each delimiter next occurs, remembered so a long text is scanned once per pair. */
  private readonly nextAt: number[] = [];

  private nextLeftDelim(from: number): { at: number; delim: Delimiters } | undefined {
    let best: { at: number; delim: Delimiters } | undefined;
    this.delims.forEach((delim, i) => {
      let at = this.nextAt[i] ?? -2;
      if (at !== -1 && at < from) at = this.nextAt[i] = this.input.indexOf(delim.left, from);
      if (at >= 0 && (!best || at < best.at)) best = { at, delim };
    });
    return best;
  }

  private push(type: TokenType, value: string, pos: number): void {
    this.tokens.push({ type, value, line: this.lineAt(pos) });
  }

  private atRightDelim(right: string): { at: boolean; trim: boolean } {
    const s = this.input;
    const p = this.pos;
    if (SPACE.test(s[p] ?? '') && s[p + 1] === '-' && s.startsWith(right, p + 2))
      return { at: true, trim: true };
    return { at: s.startsWith(right, p), trim: false };
  }

  /** Lexes one action starting at its left delimiter; returns where the text resumes. */
  private lexAction(start: number, delim: Delimiters): { end: number; trimRight: boolean } {
    const s = this.input;
    const leftToken: Token = { type: 'leftDelim', value: delim.left, line: this.lineAt(start) };
    this.tokens.push(leftToken);
    this.pos = start + delim.left.length;
    if (hasLeftTrim(s, this.pos)) this.pos += 2;
    if (s.startsWith('/*', this.pos)) {
      const close = s.indexOf('*/', this.pos + 2);
      if (close < 0) throw new LexError('unclosed comment');
      this.pos = close + 2;
      const r = this.atRightDelim(delim.right);
      if (!r.at) throw new LexError('comment ends before closing delimiter');
      this.tokens.pop(); // a comment produces no tokens at all
      return { end: this.pos + (r.trim ? 2 : 0) + delim.right.length, trimRight: r.trim };
    }
    let depth = 0;
    for (;;) {
      const r = this.atRightDelim(delim.right);
      if (r.at && (depth === 0 || delim.right !== ')')) {
        if (depth > 0) throw new LexError('unclosed left paren');
        this.pos += r.trim ? 2 : 0;
        this.push('rightDelim', delim.right, this.pos);
        this.pos += delim.right.length;
        if (delim.lenient) leftToken.raw = s.slice(start, this.pos);
        return { end: this.pos, trimRight: r.trim };
      }
      const at = this.pos;
      const c = s[at];
      if (c === undefined) throw new LexError('unclosed action');
      if (SPACE.test(c)) {
        while (SPACE.test(s[this.pos] ?? '') && !this.atRightDelim(delim.right).trim) this.pos++;
        if (this.pos === at) this.pos++;
        this.push('space', ' ', at);
      } else if (c === '=') {
        this.pos++;
        this.push('assign', '=', at);
      } else if (c === ':') {
        if (s[at + 1] !== '=') throw new LexError('expected :=');
        this.pos += 2;
        this.push('declare', ':=', at);
      } else if (c === '|') {
        this.pos++;
        this.push('pipe', '|', at);
      } else if (c === ',') {
        this.pos++;
        this.push('comma', ',', at);
      } else if (c === '"') {
        this.lexQuote('"', 'string', 'unterminated quoted string');
      } else if (c === "'") {
        this.lexQuote("'", 'char', 'unterminated character constant');
      } else if (c === '`') {
        const close = s.indexOf('`', at + 1);
        if (close < 0) throw new LexError('unterminated raw quoted string');
        this.pos = close + 1;
        this.push('rawString', s.slice(at, this.pos), at);
      } else if (c === '$') {
        this.pos++;
        while (ALNUM.test(s[this.pos] ?? '')) this.pos++;
        this.push('variable', s.slice(at, this.pos), at);
      } else if (c === '.') {
        const n = s[at + 1] ?? '';
        if (/\d/.test(n)) this.lexNumber();
        else if (ALNUM.test(n)) {
          this.pos++;
          while (ALNUM.test(s[this.pos] ?? '')) this.pos++;
          this.push('field', s.slice(at, this.pos), at);
        } else {
          this.pos++;
          this.push('dot', '.', at);
        }
      } else if (c === '+' || c === '-' || /\d/.test(c)) {
        this.lexNumber();
      } else if (LETTER.test(c)) {
        while (ALNUM.test(s[this.pos] ?? '')) this.pos++;
        const word = s.slice(at, this.pos);
        if (!this.atTerminator(delim.right))
          throw new LexError(`bad character ${describe(s[this.pos] ?? '')}`);
        if (KEYWORDS.has(word)) this.push('keyword', word, at);
        else if (word === 'true' || word === 'false') this.push('bool', word, at);
        else if (word === 'nil') this.push('nil', word, at);
        else this.push('identifier', word, at);
      } else if (c === '(') {
        depth++;
        this.pos++;
        this.push('leftParen', '(', at);
      } else if (c === ')') {
        depth--;
        if (depth < 0) throw new LexError('unexpected right paren');
        this.pos++;
        this.push('rightParen', ')', at);
      } else {
        throw new LexError(`unrecognized character in action: ${describe(c)}`);
      }
    }
  }

  private atTerminator(right: string): boolean {
    const c = this.input[this.pos];
    if (c === undefined || SPACE.test(c) || '.,|:()'.includes(c)) return true;
    return this.input.startsWith(right, this.pos);
  }

  private lexQuote(quote: string, type: TokenType, unterminated: string): void {
    const s = this.input;
    const at = this.pos;
    let i = at + 1;
    for (;;) {
      const c = s[i];
      if (c === undefined || c === '\n') throw new LexError(unterminated);
      if (c === '\\') i += 2;
      else if (c === quote) break;
      else i++;
    }
    this.pos = i + 1;
    this.push(type, s.slice(at, this.pos), at);
  }

  private lexNumber(): void {
    const s = this.input;
    const at = this.pos;
    const m =
      /^[+-]?(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?[\d_]*(?:[eE][+-]?\d+)?)/.exec(
        s.slice(at),
      );
    const text = m?.[0] ?? '';
    this.pos = at + text.length;
    if (!/\d/.test(text) || ALNUM.test(s[this.pos] ?? '') || s[this.pos] === '.') {
      throw new LexError(`bad number syntax: "${s.slice(at, this.pos + 1)}"`);
    }
    this.push('number', text, at);
  }
}

function hasLeftTrim(s: string, at: number): boolean {
  return s[at] === '-' && SPACE.test(s[at + 1] ?? '');
}

function describe(c: string): string {
  const code = c.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} '${c}'`;
}

export function lex(
  text: string,
  delims: readonly Delimiters[],
  firstLine = 1,
): { tokens: Token[]; lexer: Lexer } {
  const lexer = new Lexer(text, delims, firstLine);
  return { tokens: lexer.run(), lexer };
}
