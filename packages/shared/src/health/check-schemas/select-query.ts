/**
 * A small, read-only subset of SQL that configDB and github checks accept:
 *   SELECT * | col, … FROM source [WHERE cond AND …] [ORDER BY col [ASC|DESC]] [LIMIT n]
 * where `source` is a name or a function call with literal arguments
 * (`github_repo_checks('owner/repo', 'main')`) and `cond` is `col op literal` or
 * `col IS [NOT] NULL`. Anything else is refused with the reason, so no user text ever
 * reaches a database as SQL.
 */

export type Literal = string | number | boolean;
export type Comparison = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE' | 'NOT LIKE';
export type Condition =
  { column: string; op: Comparison; value: Literal } | { column: string; op: 'IS NULL' | 'IS NOT NULL' };

export type SelectQuery = {
  /** Empty means `*`. */
  columns: string[];
  source: { name: string; args: Literal[] };
  where: Condition[];
  orderBy?: { column: string; desc: boolean };
  limit?: number;
};

type Token = { kind: 'word' | 'string' | 'number' | 'symbol'; text: string; value?: Literal };

const SYMBOLS = ['<=', '>=', '!=', '<>', '=', '<', '>', '*', ',', '(', ')', ';'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated string literal');
        if (text.charAt(i) === "'") {
          if (text.charAt(i + 1) === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text.charAt(i++);
      }
      tokens.push({ kind: 'string', text: `'${value}'`, value });
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(text.slice(i));
    if (num) {
      tokens.push({ kind: 'number', text: num[0], value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(text.slice(i));
    if (word) {
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
      continue;
    }
    const sym = SYMBOLS.find((s) => text.startsWith(s, i));
    if (!sym) throw new Error(`unexpected character "${c}"`);
    tokens.push({ kind: 'symbol', text: sym });
    i += sym.length;
  }
  return tokens;
}

class Reader {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(): Token | undefined {
    return this.tokens[this.i];
  }
  done(): boolean {
    return this.i >= this.tokens.length;
  }
  next(what: string): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new Error(`expected ${what} at the end of the query`);
    return t;
  }
  isKeyword(word: string): boolean {
    const t = this.peek();
    return t?.kind === 'word' && t.text.toUpperCase() === word;
  }
  keyword(word: string): void {
    const t = this.next(word);
    if (t.kind !== 'word' || t.text.toUpperCase() !== word)
      throw new Error(`expected ${word}, got "${t.text}"`);
  }
  symbol(s: string): boolean {
    const t = this.peek();
    if (t?.kind === 'symbol' && t.text === s) {
      this.i++;
      return true;
    }
    return false;
  }
  identifier(what: string): string {
    const t = this.next(what);
    if (t.kind !== 'word' || RESERVED.has(t.text.toUpperCase()))
      throw new Error(`expected ${what}, got "${t.text}"`);
    return t.text;
  }
  literal(): Literal {
    const t = this.next('a value');
    if (t.kind === 'string' || t.kind === 'number') return t.value as Literal;
    if (t.kind === 'word' && /^(true|false)$/i.test(t.text)) return t.text.toLowerCase() === 'true';
    throw new Error(`expected a quoted string or a number, got "${t.text}"`);
  }
}

const RESERVED = new Set([
  'SELECT',
  'FROM',
  'WHERE',
  'AND',
  'OR',
  'ORDER',
  'BY',
  'LIMIT',
  'IS',
  'NOT',
  'NULL',
  'LIKE',
]);

function condition(r: Reader): Condition {
  const column = r.identifier('a column name');
  if (r.isKeyword('IS')) {
    r.keyword('IS');
    const not = r.isKeyword('NOT');
    if (not) r.keyword('NOT');
    r.keyword('NULL');
    return { column, op: not ? 'IS NOT NULL' : 'IS NULL' };
  }
  if (r.isKeyword('NOT')) {
    r.keyword('NOT');
    r.keyword('LIKE');
    return { column, op: 'NOT LIKE', value: r.literal() };
  }
  if (r.isKeyword('LIKE')) {
    r.keyword('LIKE');
    return { column, op: 'LIKE', value: r.literal() };
  }
  const t = r.next('a comparison');
  if (t.kind !== 'symbol' || !['=', '!=', '<>', '<', '<=', '>', '>='].includes(t.text)) {
    throw new Error(
      `expected a comparison (=, !=, <, <=, >, >=, LIKE, IS NULL) after ${column}, got "${t.text}"`,
    );
  }
  return { column, op: (t.text === '<>' ? '!=' : t.text) as Comparison, value: r.literal() };
}

/** Parses the subset; throws an Error whose message says what is not supported. */
export function parseSelectQuery(text: string): SelectQuery {
  const r = new Reader(tokenize(text));
  r.keyword('SELECT');
  const columns: string[] = [];
  if (!r.symbol('*')) {
    do columns.push(r.identifier('a column name or *'));
    while (r.symbol(','));
  }
  r.keyword('FROM');
  const source = { name: r.identifier('a table or function name'), args: [] as Literal[] };
  if (r.symbol('(')) {
    if (!r.symbol(')')) {
      do source.args.push(r.literal());
      while (r.symbol(','));
      if (!r.symbol(')')) throw new Error('expected ) after the arguments');
    }
  }
  const q: SelectQuery = { columns, source, where: [] };
  if (r.isKeyword('WHERE')) {
    r.keyword('WHERE');
    q.where.push(condition(r));
    while (r.isKeyword('AND')) {
      r.keyword('AND');
      q.where.push(condition(r));
    }
    if (r.isKeyword('OR')) throw new Error('OR is not supported: only conditions joined by AND');
  }
  if (r.isKeyword('ORDER')) {
    r.keyword('ORDER');
    r.keyword('BY');
    const column = r.identifier('a column name');
    let desc = false;
    if (r.isKeyword('DESC') || r.isKeyword('ASC')) desc = r.next('ASC or DESC').text.toUpperCase() === 'DESC';
    q.orderBy = { column, desc };
  }
  if (r.isKeyword('LIMIT')) {
    r.keyword('LIMIT');
    const n = r.literal();
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      throw new Error('LIMIT must be a whole number');
    q.limit = n;
  }
  r.symbol(';');
  if (!r.done())
    throw new Error(
      `unexpected "${r.peek()?.text ?? ''}": only SELECT … FROM … WHERE … ORDER BY … LIMIT is supported`,
    );
  return q;
}

/** The parse error of a query, or undefined when it parses. */
export function selectQueryProblem(text: string): string | undefined {
  try {
    parseSelectQuery(text);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
