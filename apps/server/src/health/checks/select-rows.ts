import type { Condition, Literal, SelectQuery } from '@opsdeck/shared';

type Row = Record<string, unknown>;

/** SQL LIKE (% and _) as a regular expression. */
function likeRegex(pattern: string): RegExp {
  const body = [...pattern]
    .map((ch) => (ch === '%' ? '.*' : ch === '_' ? '.' : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 's');
}

/** Numbers compare as numbers when both sides are numeric, everything else as text. */
function compare(a: unknown, b: Literal): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b) ? 0 : 1;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function holds(row: Row, c: Condition): boolean {
  const v = row[c.column];
  const isNull = v === null || v === undefined;
  if (c.op === 'IS NULL') return isNull;
  if (c.op === 'IS NOT NULL') return !isNull;
  if (isNull) return false;
  switch (c.op) {
    case '=':
      return compare(v, c.value) === 0;
    case '!=':
      return compare(v, c.value) !== 0;
    case '<':
      return compare(v, c.value) < 0;
    case '<=':
      return compare(v, c.value) <= 0;
    case '>':
      return compare(v, c.value) > 0;
    case '>=':
      return compare(v, c.value) >= 0;
    case 'LIKE':
      return likeRegex(String(c.value)).test(String(v));
    case 'NOT LIKE':
      return !likeRegex(String(c.value)).test(String(v));
  }
}

/** WHERE, ORDER BY, LIMIT and the column list of a parsed query, applied to rows in memory. */
export function selectRows(rows: Row[], q: SelectQuery): Row[] {
  let out = rows.filter((r) => q.where.every((c) => holds(r, c)));
  const order = q.orderBy;
  if (order) {
    out = [...out].sort((a, b) => {
      const d = compare(a[order.column] ?? '', (b[order.column] ?? '') as Literal);
      return order.desc ? -d : d;
    });
  }
  if (q.limit !== undefined) out = out.slice(0, q.limit);
  if (q.columns.length) out = out.map((r) => Object.fromEntries(q.columns.map((c) => [c, r[c] ?? null])));
  return out;
}
