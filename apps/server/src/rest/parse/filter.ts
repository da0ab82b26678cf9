import { Cursor, MAX_DEPTH } from './cursor.js';
import {
  FTS_OPERATORS,
  OPERATORS,
  QUANTIFIABLE,
  type Condition,
  type FieldRef,
  type Filter,
  type Operator,
} from './types.js';

const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/** `col=[not.]op[(modifier)].value` — the value of a top-level filter parameter. */
export function parseFilter(field: FieldRef, raw: string, what: string): Filter {
  const cur = new Cursor(raw, what);
  const filter = parseOperation(cur, field, false);
  if (!cur.done) throw cur.fail('unexpected text after the value');
  return filter;
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`: the value of an `or`/`and` parameter. */
export function parseLogic(raw: string, op: 'and' | 'or', negated: boolean, what: string): Condition {
  const cur = new Cursor(raw, what);
  const children = parseGroup(cur, 0);
  if (!cur.done) throw cur.fail('unexpected text after ")"');
  return { type: 'logic', op, negated, children };
}

function parseGroup(cur: Cursor, depth: number): Condition[] {
  if (depth > MAX_DEPTH) throw cur.fail('logic trees nested too deeply');
  cur.skipSpaces();
  cur.expect('(');
  const children: Condition[] = [];
  for (;;) {
    children.push(parseLogicItem(cur, depth));
    cur.skipSpaces();
    if (cur.eat(')')) return children;
    cur.expect(',');
  }
}

function parseLogicItem(cur: Cursor, depth: number): Condition {
  cur.skipSpaces();
  const negated = cur.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cur.startsWith(`${op}(`)) {
      cur.pos += op.length;
      return { type: 'logic', op, negated, children: parseGroup(cur, depth + 1) };
    }
  }
  if (negated) cur.pos -= 4; // `not.` belonged to a column name
  const field = cur.readField('.,()');
  cur.expect('.');
  return { type: 'filter', filter: parseOperation(cur, field, true) };
}

/** `[not.]op[(mod)].value`; inside a logic tree the value ends at `,` or `)`. */
function parseOperation(cur: Cursor, field: FieldRef, inLogic: boolean): Filter {
  const negated = cur.eat('not.');
  const opStart = cur.pos;
  while (/[a-z]/.test(cur.peek())) cur.pos++;
  const opName = cur.text.slice(opStart, cur.pos);
  if (!OPERATOR_SET.has(opName)) {
    cur.pos = opStart;
    throw cur.fail(`unknown operator "${opName}"`);
  }
  const op = opName as Operator;
  let modifier: string | undefined;
  if (cur.eat('(')) {
    const end = cur.text.indexOf(')', cur.pos);
    if (end < 0) throw cur.fail('")" expected');
    modifier = cur.text.slice(cur.pos, end);
    cur.pos = end + 1;
  }
  cur.expect('.');
  const filter: Filter = { field, negated, op, value: '' };
  if (modifier !== undefined) {
    if (FTS_OPERATORS.has(op)) {
      if (!modifier) throw cur.fail('text search configuration expected');
      filter.ftsConfig = modifier;
    } else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) {
      filter.quantifier = modifier;
    } else {
      throw cur.fail(`"${op}" does not take "(${modifier})"`);
    }
  }
  if (op === 'in') {
    filter.value = readList(cur, '(', ')');
  } else if (filter.quantifier) {
    filter.value = readList(cur, '{', '}');
  } else {
    filter.value = inLogic ? readLogicValue(cur) : cur.text.slice(cur.pos);
    if (!inLogic) cur.pos = cur.text.length;
  }
  if (op === 'is') {
    const v = String(filter.value).toLowerCase();
    if (!IS_VALUES.has(v))
      throw cur.fail(`"is" accepts null, not_null, true, false or unknown, not "${filter.value}"`);
    filter.value = v;
  }
  if (op === 'like' || op === 'ilike') {
    filter.value = Array.isArray(filter.value)
      ? filter.value.map((v) => v.replaceAll('*', '%'))
      : filter.value.replaceAll('*', '%');
  }
  return filter;
}

/** `(a,"b,c",d)`: items are bare up to `,` or the closing bracket, or quoted with escapes. */
function readList(cur: Cursor, open: string, close: string): string[] {
  cur.expect(open);
  const items: string[] = [];
  cur.skipSpaces();
  if (cur.eat(close)) return items;
  for (;;) {
    cur.skipSpaces();
    if (cur.peek() === '"') {
      items.push(cur.readQuoted());
      cur.skipSpaces();
    } else {
      const start = cur.pos;
      while (!cur.done && cur.peek() !== ',' && cur.peek() !== close) cur.pos++;
      items.push(cur.text.slice(start, cur.pos).trim());
    }
    if (cur.eat(close)) return items;
    cur.expect(',');
  }
}

/** A value inside a logic tree: quoted, a `{...}` literal, or bare up to `,` / `)`. */
function readLogicValue(cur: Cursor): string {
  if (cur.peek() === '"') return cur.readQuoted();
  const start = cur.pos;
  if (cur.peek() === '{' || cur.peek() === '[') {
    const close = cur.peek() === '{' ? '}' : ')]';
    let depth = 0;
    while (!cur.done) {
      const c = cur.peek();
      if (c === '{' || c === '[') depth++;
      if (close.includes(c)) depth--;
      cur.pos++;
      if (depth === 0) return cur.text.slice(start, cur.pos);
    }
    throw cur.fail('unterminated literal');
  }
  while (!cur.done && cur.peek() !== ',' && cur.peek() !== ')') cur.pos++;
  return cur.text.slice(start, cur.pos);
}
