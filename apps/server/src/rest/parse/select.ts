import { Cursor, MAX_DEPTH } from './cursor.js';
import type { SelectEmbed, SelectItem } from './types.js';

const STOPS = ',()!:';
/** Cast names: plain type names, optionally an array (`::int4[]`). */
const CAST = /^[A-Za-z_][A-Za-z0-9_]*( precision| varying)?(\[\])?$/;

/**
 * `select=id,alias:name,labels->>team::text,agent:agents!fk!inner(id,name),...rel(col)`.
 * An empty select means every column.
 */
export function parseSelect(text: string): SelectItem[] {
  const cur = new Cursor(text, 'select');
  if (text.trim() === '') return [{ type: 'star' }];
  const items = parseList(cur, 0);
  if (!cur.done) throw cur.fail('unexpected character');
  return items;
}

function parseList(cur: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_DEPTH) throw cur.fail('embeds nested too deeply');
  const items: SelectItem[] = [];
  cur.skipSpaces();
  if (cur.peek() === ')') return items; // `rel()` selects no column
  for (;;) {
    items.push(parseItem(cur, depth));
    cur.skipSpaces();
    if (!cur.eat(',')) return items;
  }
}

function parseItem(cur: Cursor, depth: number): SelectItem {
  cur.skipSpaces();
  if (cur.eat('*')) return { type: 'star' };
  const spread = cur.eat('...');
  const start = cur.pos;
  let alias: string | undefined;
  const first = cur.readWord(STOPS);
  if (cur.peek() === ':' && cur.peek(1) !== ':') {
    cur.pos++;
    alias = first;
    if (!alias) throw cur.fail('alias expected');
  } else {
    cur.pos = start;
  }
  const field = cur.readField(STOPS);
  cur.skipSpaces();
  if (cur.peek() === '!' || cur.peek() === '(') {
    if (field.path.length) throw cur.fail('an embed cannot have a JSON path');
    return parseEmbed(cur, field.name, alias, spread, depth);
  }
  if (spread) throw cur.fail('"..." applies to embedded resources only');
  let cast: string | undefined;
  if (cur.eat('::')) {
    cast = cur.readWord(STOPS).trim();
    if (!CAST.test(cast)) throw cur.fail(`invalid cast "${cast}"`);
  }
  return { type: 'field', field, alias, cast };
}

function parseEmbed(
  cur: Cursor,
  name: string,
  alias: string | undefined,
  spread: boolean,
  depth: number,
): SelectEmbed {
  let hint: string | undefined;
  let inner = false;
  while (cur.eat('!')) {
    const word = cur.readWord(STOPS);
    if (word === 'inner') inner = true;
    else if (word === 'left') inner = false;
    else if (!word) throw cur.fail('hint expected after "!"');
    else if (hint !== undefined) throw cur.fail('only one hint is allowed');
    else hint = word;
  }
  cur.expect('(');
  const select = parseList(cur, depth + 1);
  cur.skipSpaces();
  cur.expect(')');
  return { type: 'embed', name, alias, hint, inner, spread, select };
}
