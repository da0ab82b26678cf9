import { parseDuration } from '@opsdeck/shared';
import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import { FilterError, listConditions, Params, parseListFilter, tagConditions } from './filters.js';

/** POST /api/catalog/summary (docs/catalog.md, APIs): items grouped, with health, changes, insights and cost. */
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

const KEPT_COLUMNS = ['type', 'config_class', 'status', 'health', 'namespace', 'agent_id', 'scraper_id'];
const COLUMNS = new Set([...KEPT_COLUMNS, 'name']);
const GROUP_KEY = /^[\w./:-]{1,100}$/;
const DEFAULT_WINDOW = '30d';
const THIRTY_DAYS = 30 * 86_400;

function groupExpression(key: string, params: Params, alias: string): string {
  if (!GROUP_KEY.test(key)) throw new FilterError(`groupBy: "${key}" is not a column, tag or label name`);
  if (COLUMNS.has(key)) return `${alias}.${key}::text`;
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

type Scope = { params: Params; gExprs: string[]; where: string };

/**
 * Where the item columns come from: `ci` is config_items itself; `s` is config_item_summary
 * (migration 208), the items counted per combination of the plain columns, and `k`
 * config_item_summary_insights (209), each open insight with its item's plain columns; both
 * kept by triggers, with `deleted` for `deleted_at IS NOT NULL`.
 */
type Source = 'ci' | 's' | 'k';

/** Group expressions and filters, with their own parameters (each query gets a fresh set). */
function scope(req: SummaryRequest, groups: string[], a: Source = 'ci'): Scope {
  const params = new Params();
  const gExprs = groups.map((g) => groupExpression(g, params, a));
  const where: string[] = [];
  if (!req.deleted) where.push(a === 'ci' ? 'ci.deleted_at IS NULL' : `NOT ${a}.deleted`);
  for (const [k, v] of Object.entries({ ...req.filter, ...req.labels })) {
    where.push(...listConditions(`ci.labels->>${params.add(k)}`, parseListFilter(v), params));
  }
  where.push(...tagConditions('ci.tags', req.tags, params));
  where.push(...listConditions(`${a}.type`, parseListFilter(req.type ?? req.configType), params));
  where.push(...listConditions(`coalesce(${a}.health, 'unknown')`, parseListFilter(req.health), params));
  where.push(...listConditions(`${a}.status`, parseListFilter(req.status), params));
  return { params, gExprs, where: where.length ? `WHERE ${where.join(' AND ')}` : '' };
}

/**
 * The kept counts answer when every group key and every filter is one of their columns; tag,
 * label and name groupings and tag or label filters group the items live.
 */
export function summaryIsKept(req: SummaryRequest, groups: string[]): boolean {
  const tags = parseListFilter(req.tags);
  return (
    groups.every((g) => KEPT_COLUMNS.includes(g)) &&
    Object.keys({ ...req.filter, ...req.labels }).length === 0 &&
    tags.include.length + tags.exclude.length === 0
  );
}

const HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

function keyOf(row: Record<string, unknown>, n: number): string {
  return JSON.stringify(Array.from({ length: n }, (_v, i) => row[`g${i}`] ?? null));
}

/**
 * Counts, health, cost and (30-day window) change counts from the kept counts, and open
 * insights from the kept open insights, when the grouping and filters allow (summaryIsKept);
 * else one pass over the items and a join of the open insights to them. A live change count
 * only for windows other than 30 days.
 */
export async function catalogSummary(
  db: Queryable,
  req: SummaryRequest,
  /** `live`: group config_items even where the kept counts would answer (tests compare the two). */
  options: { live?: boolean } = {},
): Promise<SummaryRow[]> {
  const rawGroups =
    req.groupBy === undefined
      ? ['type']
      : typeof req.groupBy === 'string'
        ? req.groupBy.split(',')
        : req.groupBy;
  const groups = rawGroups.map((g) => g.trim()).filter(Boolean);
  if (groups.length === 0) groups.push('type');
  if (groups.length > 5) throw new FilterError('groupBy: at most 5 columns');
  const changesWindow = windowSeconds(req.changes?.since, 'changes.since');
  const analysisWindow = windowSeconds(req.analysis?.since, 'analysis.since');
  const rollup = changesWindow === THIRTY_DAYS;
  const n = groups.length;
  const cols = (sc: Scope) => sc.gExprs.map((e, i) => `${e} AS g${i}`).join(', ');
  const gb = Array.from({ length: n }, (_v, i) => `g${i}`).join(', ');

  // Items, insights and (other windows) changes are independent: on a PostgreSQL pool they run side by side.
  const kept = !options.live && summaryIsKept(req, groups);
  const main = scope(req, groups, kept ? 's' : 'ci');
  const healthOf = (a: Source) => `coalesce(${a}.health, 'unknown')`;
  const itemsQuery = db.query<Record<string, unknown>>(
    kept
      ? `SELECT ${cols(main)}, sum(s.items)::int AS count,
           (sum(s.cost_total_30d) FILTER (WHERE s.costed > 0))::float8 AS cost_total_30d,
           ${HEALTHS.map((h) => `coalesce(sum(s.items) FILTER (WHERE ${healthOf('s')} = '${h}'), 0)::int AS h_${h}`).join(', ')}
           ${rollup ? ', coalesce(sum(s.changes_30d), 0)::int AS changes' : ''}
         FROM config_item_summary s
         ${main.where}
         GROUP BY ${gb} ORDER BY ${gb}`
      : `SELECT ${cols(main)}, count(*)::int AS count, sum(ci.cost_total_30d)::float8 AS cost_total_30d,
           ${HEALTHS.map((h) => `count(*) FILTER (WHERE ${healthOf('ci')} = '${h}')::int AS h_${h}`).join(', ')}
           ${rollup ? ', coalesce(sum(ci.changes_30d), 0)::int AS changes' : ''}
         FROM config_items ci
         ${main.where}
         GROUP BY ${gb} ORDER BY ${gb}`,
    main.params.values,
  );
  const an = scope(req, groups, kept ? 'k' : 'ci');
  const since = an.params.add(analysisWindow);
  const analysisQuery = db.query<Record<string, unknown>>(
    kept
      ? `SELECT ${cols(an)}, k.analysis_type, count(*)::int AS n
         FROM config_item_summary_insights k
         ${an.where ? `${an.where} AND` : 'WHERE'} k.last_observed > now() - make_interval(secs => ${since})
         GROUP BY ${gb}, k.analysis_type`
      : `SELECT ${cols(an)}, ca.analysis_type, count(*)::int AS n
         FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id
         ${an.where ? `${an.where} AND` : 'WHERE'} ca.status = 'open' AND ca.last_observed > now() - make_interval(secs => ${since})
         GROUP BY ${gb}, ca.analysis_type`,
    an.params.values,
  );
  const ch = scope(req, groups);
  const secs = ch.params.add(changesWindow);
  const changesQuery = rollup
    ? undefined
    : db.query<Record<string, unknown>>(
        `SELECT ${cols(ch)}, count(*)::int AS n
         FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
         ${ch.where ? `${ch.where} AND` : 'WHERE'} cc.created_at > now() - make_interval(secs => ${secs})
         GROUP BY ${gb}`,
        ch.params.values,
      );
  const [items, analysis, changes] = await Promise.all([itemsQuery, analysisQuery, changesQuery]);
  const analysisBy = new Map<string, Record<string, number>>();
  for (const r of analysis.rows) {
    const k = keyOf(r, n);
    const m = analysisBy.get(k) ?? {};
    m[String(r.analysis_type)] = Number(r.n);
    analysisBy.set(k, m);
  }

  const changesBy = new Map<string, number>();
  for (const r of changes?.rows ?? []) changesBy.set(keyOf(r, n), Number(r.n));

  return items.rows.map((row) => {
    const out: Record<string, unknown> = {};
    groups.forEach((g, i) => (out[g] = row[`g${i}`] ?? null));
    const health: Record<string, number> = {};
    for (const h of HEALTHS) if (Number(row[`h_${h}`]) > 0) health[h] = Number(row[`h_${h}`]);
    const k = keyOf(row, n);
    return {
      ...out,
      count: Number(row.count),
      health,
      changes: rollup ? Number(row.changes) : (changesBy.get(k) ?? 0),
      analysis: analysisBy.get(k) ?? {},
      cost_total_30d: row.cost_total_30d === null ? null : Number(row.cost_total_30d),
    };
  });
}
