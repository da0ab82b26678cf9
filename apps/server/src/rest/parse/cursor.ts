import { parseError } from '../errors.js';
import type { FieldRef, JsonStep } from './types.js';

/** Deepest nesting of embeds or logic trees a request may use. */
export const MAX_DEPTH = 16;

/** A position in one query-string value, with the small lexing helpers the grammars share. */
export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    /** Which parameter this is, for error messages. */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string): void {
    if (!this.eat(s)) throw this.fail(`"${s}" expected`);
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n') this.pos++;
  }

  fail(message: string): Error {
    const near = this.text.slice(this.pos, this.pos + 20);
    return parseError(
      `"failed to parse ${this.what} (${this.text.slice(0, 200)})"`,
      `${message} at position ${this.pos}${near ? ` near "${near}"` : ''}`,
    );
  }

  /** `"..."` with `\"` and `\\` escapes; the cursor is on the opening quote. */
  readQuoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done) {
      const c = this.peek();
      if (c === '\\' && this.pos + 1 < this.text.length) {
        out += this.text[this.pos + 1];
        this.pos += 2;
        continue;
      }
      if (c === '"') {
        this.pos++;
        return out;
      }
      out += c;
      this.pos++;
    }
    throw this.fail('unterminated quoted value');
  }

  /** A bare word up to one of `stops` (or `->`), trimmed; quoted words are read whole. */
  readWord(stops: string): string {
    this.skipSpaces();
    if (this.peek() === '"') {
      const q = this.readQuoted();
      this.skipSpaces();
      return q;
    }
    const start = this.pos;
    while (!this.done && !stops.includes(this.peek()) && !this.startsWith('->')) this.pos++;
    return this.text.slice(start, this.pos).trim();
  }

  /** A column name followed by an optional JSON path. */
  readField(stops: string): FieldRef {
    const name = this.readWord(stops);
    if (!name) throw this.fail('column name expected');
    const path: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.eat('->>') ? '->>' : ((this.pos += 2), '->');
      const quoted = this.peek() === '"';
      const key = this.readWord(stops);
      if (!key && !quoted) throw this.fail('JSON key expected');
      path.push({ arrow, key: !quoted && /^-?\d{1,9}$/.test(key) ? Number(key) : key });
    }
    return { name, path };
  }
}

/** The output name PostgREST gives a field: its last JSON key, or the column. */
export function fieldOutputName(field: FieldRef): string {
  const last = field.path[field.path.length - 1];
  return last ? String(last.key) : field.name;
}
