import { Cursor } from './cursor.js';
import type { OrderTerm } from './types.js';

/** `order=name.desc.nullslast,labels->>team,agent(name).asc` */
export function parseOrder(text: string, what: string): OrderTerm[] {
  const cur = new Cursor(text, what);
  const terms: OrderTerm[] = [];
  for (;;) {
    const term: OrderTerm = { field: cur.readField('.,()') };
    if (cur.eat('(')) {
      // `rel(col)`: order by a column of an embedded to-one resource
      term.relation = term.field.name;
      if (term.field.path.length) throw cur.fail('a relation cannot have a JSON path');
      term.field = cur.readField('.,()');
      cur.expect(')');
    }
    while (cur.eat('.')) {
      const word = cur.readWord('.,');
      if (word === 'asc' || word === 'desc') term.direction = word;
      else if (word === 'nullsfirst') term.nulls = 'first';
      else if (word === 'nullslast') term.nulls = 'last';
      else throw cur.fail(`unknown order modifier "${word}"`);
    }
    terms.push(term);
    if (cur.done) return terms;
    cur.expect(',');
  }
}
