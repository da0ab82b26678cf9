import { parseDuration } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { FilterError, listConditions, Params, parseListFilter, tagConditions } from './filters.js';

/** POST /api/catalog/summary (API.md): items grouped, with health, changes, insights and cost. */
const listValue = z.union([z.string(), z.array(z.string())]);
const since = z.object({ since: z.string().optional() }).optional();

export const summaryRequestSchema = z.object({
  groupBy: z.union([z.array(z.string()), z.string()]).optional(),
  deleted: z.boolean().optional(),
  filter: z.record(z.string(), z.string()).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  tags: listValue.optional(),
  type: listValue.optional(),
  configType: listValue.optional(),
  health: listValue.optional(),
  status: listValue.optional(),
  changes: since,
  analysis: since,
  cost: z.string().optional(),
});
export type SummaryRequest = z.infer<typeof summaryRequestSchema>;

const COLUMNS = new Set([
  'type',
  'config_class',
  'status',
  'health',
  'namespace',
  'agent_id',
  'scraper_id',
  'name',
]);
const GROUP_KEY = /^[\w./:-]{1,100}$/;
const DEFAULT_WINDOW = '30d';
const THIRTY_DAYS = 30 * 86_400;

function groupExpression(key: string, params: Params): string {
  if (!GROUP_KEY.test(key)) throw new FilterError(`groupBy: "${key}" is not a column, tag or label name`);
  if (COLUMNS.has(key)) return `ci.${key}::text`;
  if (key.startsWith('labels.')) return `ci.labels->>${params.add(key.slice(7))}`;
  if (key.startsWith('tags.')) return `ci.tags->>${params.add(key.slice(5))}`;
  return `ci.tags->>${params.add(key)}`;
}

function windowSeconds(value: string | undefined, field: string): number {
  const v = (value ?? DEFAULT_WINDOW).replace(/^now-/, '');
  const ms = parseDuration(v);
  if (ms === undefined) throw new FilterError(`${field}: "${value}" is not a duration such as 30d`);
  return ms / 1000;
}

export type SummaryRow = Record<string, unknown> & {
  count: number;
  health: Record<string, number>;
  changes: number;
  analysis: Record<string, number>;
  cost_total_30d: number | null;
};

export async function catalogSummary(db: Queryable, req: SummaryRequest): Promise<SummaryRow[]> {
  const params = new Params();
  const rawGroups =
    req.groupBy === undefined
      ? ['type']
      : typeof req.groupBy === 'string'
        ? req.groupBy.split(',')
        : req.groupBy;
  const groups = rawGroups.map((g) => g.trim()).filter(Boolean);
  if (groups.length === 0) groups.push('type');
  if (groups.length > 5) throw new FilterError('groupBy: at most 5 columns');
  const gExprs = groups.map((g) => groupExpression(g, params));

  const where: string[] = [];
  if (!req.deleted) where.push('ci.deleted_at IS NULL');
  for (const [k, v] of Object.entries({ ...req.filter, ...req.labels })) {
    where.push(...listConditions(`ci.labels->>${params.add(k)}`, parseListFilter(v), params));
  }
  where.push(...tagConditions('ci.tags', req.tags, params));
  where.push(...listConditions('ci.type', parseListFilter(req.type ?? req.configType), params));
  where.push(...listConditions("coalesce(ci.health, 'unknown')", parseListFilter(req.health), params));
  where.push(...listConditions('ci.status', parseListFilter(req.status), params));

  const changesWindow = windowSeconds(req.changes?.since, 'changes.since');
  // The default 30-day window reads the maintained per-item counts (032_catalog_change_counts).
  const rollup = changesWindow === THIRTY_DAYS;
  const analysisSince = params.add(windowSeconds(req.analysis?.since, 'analysis.since'));
  const gCols = gExprs.map((e, i) => `${e} AS g${i}`).join(', ');
  const gNames = gExprs.map((_e, i) => `g${i}`).join(', ');
  const iNames = gExprs.map((_e, i) => `i.g${i}`).join(', ');
  const joinOn = (a: string, b: string) =>
    gExprs.map((_e, i) => `${a}.g${i} IS NOT DISTINCT FROM ${b}.g${i}`).join(' AND ');

  const changesCte = rollup
    ? `changes AS (SELECT ${gNames}, sum(changes_30d)::int AS changes FROM items GROUP BY ${gNames})`
    : `changes AS (
      SELECT ${iNames}, count(*)::int AS changes
      FROM config_changes cc JOIN items i ON i.id = cc.config_id
      WHERE cc.created_at > now() - make_interval(secs => ${params.add(changesWindow)})
      GROUP BY ${iNames}
    )`;
  const sql = `
    WITH items AS MATERIALIZED (
      SELECT ci.id, ${gCols}, coalesce(ci.health, 'unknown') AS health, ci.cost_total_30d
        ${rollup ? ', coalesce(cn.changes_30d, 0) AS changes_30d' : ''}
      FROM config_items ci
      ${rollup ? 'LEFT JOIN config_change_counts cn ON cn.config_id = ci.id' : ''}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ),
    grouped AS (
      SELECT ${gNames}, count(*)::int AS count, sum(cost_total_30d)::float8 AS cost_total_30d FROM items GROUP BY ${gNames}
    ),
    health AS (
      SELECT ${gNames}, jsonb_object_agg(health, n) AS health
      FROM (SELECT ${gNames}, health, count(*)::int AS n FROM items GROUP BY ${gNames}, health) h GROUP BY ${gNames}
    ),
    ${changesCte},
    analysis AS (
      SELECT ${gNames}, jsonb_object_agg(analysis_type, n) AS analysis
      FROM (
        SELECT ${iNames}, ca.analysis_type, count(*)::int AS n
        FROM config_analysis ca JOIN items i ON i.id = ca.config_id
        WHERE ca.status = 'open' AND ca.last_observed > now() - make_interval(secs => ${analysisSince})
        GROUP BY ${iNames}, ca.analysis_type
      ) a GROUP BY ${gNames}
    )
    SELECT g.*, coalesce(h.health, '{}'::jsonb) AS health, coalesce(c.changes, 0) AS changes,
      coalesce(a.analysis, '{}'::jsonb) AS analysis
    FROM grouped g
    LEFT JOIN health h ON ${joinOn('h', 'g')}
    LEFT JOIN changes c ON ${joinOn('c', 'g')}
    LEFT JOIN analysis a ON ${joinOn('a', 'g')}
    ORDER BY ${gExprs.map((_e, i) => `g.g${i}`).join(', ')}`;
  const r = await db.query<Record<string, unknown>>(sql, params.values);
  return r.rows.map((row) => {
    const out: Record<string, unknown> = {};
    groups.forEach((g, i) => (out[g] = row[`g${i}`] ?? null));
    return {
      ...out,
      count: Number(row.count),
      health: row.health as Record<string, number>,
      changes: Number(row.changes),
      analysis: row.analysis as Record<string, number>,
      cost_total_30d: row.cost_total_30d === null ? null : Number(row.cost_total_30d),
    };
  });
}
