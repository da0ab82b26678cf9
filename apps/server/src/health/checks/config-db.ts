import {
  CONFIG_DB_COLUMNS,
  configDbCheckSchema,
  parseSelectQuery,
  type ConfigDbCheckSpec,
  type SelectQuery,
} from '@opsdeck/shared';
import { type CheckRunner, fail, pass } from './types.js';

const MAX_ROWS = 1000;
const SQL_OP = {
  '=': '=',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  LIKE: 'LIKE',
  'NOT LIKE': 'NOT LIKE',
};

/** A known column name (the schema refused every other), as a quoted SQL identifier. */
function column(name: string): string {
  const known = CONFIG_DB_COLUMNS.find((c) => c === name.toLowerCase());
  if (!known) throw new Error(`unknown column ${name}`);
  return `"${known}"`;
}

/**
 * The parsed query as parameterised SQL over live config items: identifiers come from the
 * column list, every value is a parameter, so no text from the spec is ever SQL.
 */
export function configDbSql(q: SelectQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const select = q.columns.length
    ? q.columns.map(column).join(', ')
    : CONFIG_DB_COLUMNS.map(column).join(', ');
  const where = ['deleted_at IS NULL'];
  for (const c of q.where) {
    const col = column(c.column);
    if (!('value' in c)) {
      where.push(`${col} ${c.op}`);
      continue;
    }
    values.push(typeof c.value === 'boolean' || typeof c.value === 'number' ? c.value : String(c.value));
    const lhs = c.op === 'LIKE' || c.op === 'NOT LIKE' ? `${col}::text` : col;
    where.push(`${lhs} ${SQL_OP[c.op]} $${values.length}`);
  }
  const order = q.orderBy
    ? `${column(q.orderBy.column)} ${q.orderBy.desc ? 'DESC' : 'ASC'}, id`
    : 'type, name, id';
  const limit = Math.min(q.limit ?? MAX_ROWS, MAX_ROWS);
  return {
    text: `SELECT ${select} FROM config_items WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${limit}`,
    values,
  };
}

/**
 * configDB: canary-checker sends the query to a config-db server; here it runs against our
 * own catalog, limited to a read-only SELECT over config_items (see select-query.ts).
 * `results` holds the rows, `count` their number; like canary-checker it passes and the
 * `test` expression decides.
 */
export const configDbRunner: CheckRunner<ConfigDbCheckSpec> = {
  type: 'configDB',
  schema: configDbCheckSchema,
  endpoint: (s) => s.query,
  async run(spec, ctx) {
    if (!ctx.db) return fail('configDB checks read the server database, which this run has no access to');
    const { text, values } = configDbSql(parseSelectQuery(spec.query));
    const { rows } = await ctx.db.query<Record<string, unknown>>(text, values);
    return pass(`${rows.length} rows`, { results: rows, count: rows.length });
  },
};
