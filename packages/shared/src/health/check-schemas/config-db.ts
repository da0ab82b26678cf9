import { z } from 'zod';
import { commonCheckFields } from './base.js';
import { parseSelectQuery } from './select-query.js';

/** The columns of config_items a configDB query may name (internal ones such as scraper_id are not). */
export const CONFIG_DB_COLUMNS = [
  'id',
  'name',
  'namespace',
  'type',
  'config_class',
  'description',
  'status',
  'health',
  'ready',
  'labels',
  'tags',
  'config',
  'path',
  'parent_id',
  'agent_id',
  'created_at',
  'updated_at',
  'last_scraped_time',
] as const;
/** Columns that are JSON and so cannot be compared in WHERE. */
export const CONFIG_DB_JSON_COLUMNS: readonly string[] = ['labels', 'tags', 'config'];
/** Sources a configDB query may read: our catalog's config items. */
export const CONFIG_DB_SOURCES: readonly string[] = ['config_items', 'configs'];

/** Why a configDB query cannot run here, or undefined. */
export function configDbQueryProblem(text: string): string | undefined {
  let q;
  try {
    q = parseSelectQuery(text);
  } catch (e) {
    return `${(e as Error).message}; a configDB query is SELECT … FROM config_items [WHERE col = 'value' AND …] [ORDER BY col] [LIMIT n]`;
  }
  if (!CONFIG_DB_SOURCES.includes(q.source.name.toLowerCase()) || q.source.args.length) {
    return `only config_items can be queried, not ${q.source.name}`;
  }
  const known: readonly string[] = CONFIG_DB_COLUMNS;
  const named = [...q.columns, ...q.where.map((w) => w.column), ...(q.orderBy ? [q.orderBy.column] : [])];
  const unknown = named.find((c) => !known.includes(c.toLowerCase()));
  if (unknown) return `unknown column ${unknown}; columns: ${CONFIG_DB_COLUMNS.join(', ')}`;
  const json = q.where.find((w) => CONFIG_DB_JSON_COLUMNS.includes(w.column.toLowerCase()));
  if (json) return `${json.column} is JSON and cannot be compared; select it and use the test expression`;
  return undefined;
}

/** canary-checker's `configDB` check: a read-only query over the catalog's config items. */
export const configDbCheckSchema = z
  .object({
    ...commonCheckFields,
    /** canary-checker's remote config-db; this server answers the query from its own catalog. */
    host: z.string().optional(),
    query: z
      .string()
      .min(1, 'query is required')
      .superRefine((text, ctx) => {
        const problem = configDbQueryProblem(text);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .loose();

export type ConfigDbCheckSpec = z.infer<typeof configDbCheckSchema>;
