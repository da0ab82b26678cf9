import { SharedResults } from '../db/shared-results.js';
import type { Db, Queryable } from '../db/types.js';
import { ALL_TAB, NO_GROUP, type DashboardQuery } from './dashboard-query.js';
import { rolledUpTo, spanRolledUpTo, summaryEntries } from './summary.js';
import { readsRollUp, windowCtes } from './summary-window.js';

const HOUR_MS = 3_600_000;

/** A dashboard group on the page: its checks' aggregate, as the group row shows it. */
type GroupFigures = {
  key: string;
  count: number;
  health: string;
  passed: number;
  failed: number;
  latency: number | null;
  last_transition_time: string | null;
};

type Figures = {
  total: number;
  passing: number;
  failing: number;
  tabs: { value: string; count: number }[];
  labels: { key: string; values: string[] }[];
  groups: GroupFigures[];
  ids: string[];
};

/** The health a check shows: its status when it is one of the three, else unknown. */
const HEALTH = `CASE WHEN k.status IN ('healthy', 'unhealthy', 'warning') THEN k.status ELSE 'unknown' END`;

/** Builds the statement's parameters, numbered after those the window's CTEs use. */
class Params {
  readonly values: unknown[];
  constructor(initial: unknown[]) {
    this.values = [...initial];
  }
  add(v: unknown, cast: string): string {
    this.values.push(v);
    return `$${this.values.length}::${cast}`;
  }
}

/** A check's value of the grouping or tabbing: a built-in field or a label. */
function fieldOf(by: string, p: Params, kind: 'tab' | 'group'): string {
  if (kind === 'tab' && by === 'namespace') return `coalesce(nullif(b.namespace, ''), 'none')`;
  if (kind === 'tab' && by === 'agent_id') return `coalesce(b.agent_id::text, 'none')`;
  if (kind === 'group') {
    if (by === 'canary_name') return `coalesce(b.canary_name, '')`;
    // Checks named 'group/check' group by what comes before the slash.
    if (by === 'name')
      return `CASE WHEN strpos(b.name, '/') > 1 THEN split_part(b.name, '/', 1) ELSE b.name END`;
    if (by === 'description') return `coalesce(b.description, '')`;
    if (by === 'type') return `coalesce(b.type, '')`;
  }
  const label = `(b.labels ->> ${p.add(by, 'text')})`;
  return kind === 'tab' ? `coalesce(nullif(${label}, ''), 'none')` : `coalesce(${label}, '')`;
}

/** The sort's primary key: as the dashboard sorted in the browser before (lib/checks.ts). */
function sortKey(sort: DashboardQuery['sort']): string {
  switch (sort) {
    case 'name':
      return `lower(v.name) COLLATE "C"`;
    case 'health':
      return `CASE v.health WHEN 'unhealthy' THEN 0 WHEN 'warning' THEN 2 WHEN 'unknown' THEN 3 ELSE 4 END`;
    case 'uptime':
      return `CASE WHEN v.passed + v.failed = 0 THEN -1 ELSE v.passed * 100.0 / (v.passed + v.failed) END`;
    case 'latency':
      return `v.latency`;
    case 'transition':
      return `coalesce(extract(epoch FROM v.last_transition_time), 0)`;
  }
}

/**
 * The whole statement: the checks with their health and window figures (`base`), those of
 * the tab matching the search and filters (`matching`, which the passing and failing counts
 * count), those shown (`visible`: Hide Passing applied), ordered by group then the sort.
 */
function figuresSql(q: DashboardQuery, p: Params, windowed: boolean): string {
  const stats = windowed
    ? `LEFT JOIN w ON w.check_id = k.id LEFT JOIN check_stats s ON s.check_id = k.id`
    : `LEFT JOIN check_stats s ON s.check_id = k.id AND s.updated_at > now() - interval '1 hour'`;
  const figures = windowed ? 'w' : 's';
  const tab = fieldOf(q.tab_by, p, 'tab');
  const conditions: string[] = [];
  if (q.tab !== ALL_TAB) conditions.push(`b.tab = ${p.add(q.tab, 'text')}`);
  const search = q.query.trim().toLowerCase();
  if (search)
    conditions.push(`strpos(lower(b.name || E'\\n' || coalesce(b.description, '') || E'\\n' || coalesce(b.endpoint, '')
      || E'\\n' || coalesce(b.canary_name, '')), ${p.add(search, 'text')}) > 0`);
  if (q.status) conditions.push(`b.health = ${p.add(q.status, 'text')}`);
  if (Object.keys(q.labels.include).length > 0)
    conditions.push(`NOT EXISTS (SELECT 1 FROM jsonb_each(${p.add(JSON.stringify(q.labels.include), 'jsonb')}) i
      WHERE NOT coalesce(i.value ? (b.labels ->> i.key), false))`);
  if (q.labels.exclude.length > 0)
    conditions.push(`NOT EXISTS (SELECT 1 FROM jsonb_array_elements(${p.add(JSON.stringify(q.labels.exclude), 'jsonb')}) e
      WHERE b.labels ->> (e ->> 0) = e ->> 1)`);
  if (q.component) {
    // The component's checks and those of every component below it, as its card counts them.
    const id = p.add(q.component, 'uuid');
    conditions.push(`b.id IN (SELECT r.check_id FROM check_component_relationships r
      JOIN components cp ON cp.id = r.component_id
      WHERE r.deleted_at IS NULL AND cp.deleted_at IS NULL AND (cp.id = ${id} OR cp.path LIKE '%' || ${id}::text || '%'))`);
  }
  const grouped = q.group_by !== NO_GROUP;
  const group = grouped ? fieldOf(q.group_by, p, 'group') : `''`;
  const dir = q.desc ? 'DESC' : 'ASC';
  // Groups by their name, then the chosen sort; ties keep the canary-then-name order.
  const order = `lower(v.grp) COLLATE "C", v.grp COLLATE "C", ${sortKey(q.sort)} ${dir},
    v.canary_name COLLATE "C", v.name COLLATE "C", v.id`;
  const limit = p.add(q.limit, 'int');
  const offset = p.add(q.offset, 'int');
  return `
  base AS MATERIALIZED (
    SELECT b.*, ${tab} AS tab FROM (
      SELECT k.id, k.name, c.name AS canary_name, k.namespace, k.agent_id, k.labels, k.type, k.description,
        k.endpoint, ${HEALTH} AS health, coalesce(${figures}.passed, 0) AS passed,
        coalesce(${figures}.failed, 0) AS failed, coalesce(s.rolling1h, 0) AS latency, k.last_transition_time
      FROM checks k JOIN canaries c ON c.id = k.canary_id ${stats}
      WHERE k.deleted_at IS NULL AND c.deleted_at IS NULL${windowed ? ` AND ${SUMMARY_LABELS_UNUSED}` : ''}
    ) b
  ),
  matching AS MATERIALIZED (
    SELECT b.* FROM base b${conditions.length ? ` WHERE ${conditions.join('\n      AND ')}` : ''}
  ),
  visible AS MATERIALIZED (
    SELECT b.*, ${group} AS grp FROM matching b
    ${q.hide_passing ? `WHERE b.health <> 'healthy'` : ''}
  ),
  page AS MATERIALIZED (
    SELECT v.id, v.grp, row_number() OVER (ORDER BY ${order}) AS n FROM visible v
    ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
  )
  SELECT
    (SELECT count(*)::int FROM visible) AS total,
    (SELECT count(*)::int FROM matching WHERE health = 'healthy') AS passing,
    (SELECT count(*)::int FROM matching WHERE health <> 'healthy') AS failing,
    (SELECT coalesce(json_agg(json_build_object('value', t.tab, 'count', t.n)), '[]')
       FROM (SELECT tab, count(*)::int AS n FROM base GROUP BY tab) t) AS tabs,
    (SELECT coalesce(json_agg(json_build_object('key', l.key, 'values', l.vals)), '[]')
       FROM (SELECT e.key, array_agg(DISTINCT e.value) AS vals
             FROM base, jsonb_each_text(base.labels) e WHERE e.value IS NOT NULL GROUP BY e.key) l) AS labels,
    (SELECT coalesce(json_agg(g), '[]') FROM (
       SELECT v.grp AS key, count(*)::int AS count,
         CASE WHEN min(v.health) = max(v.health) THEN min(v.health) ELSE 'mixed' END AS health,
         sum(v.passed)::int AS passed, sum(v.failed)::int AS failed, max(v.latency) AS latency,
         max(v.last_transition_time) AS last_transition_time
       FROM visible v WHERE ${grouped ? 'v.grp IN (SELECT grp FROM page)' : 'false'} GROUP BY v.grp) g) AS groups,
    (SELECT coalesce(json_agg(id ORDER BY n), '[]') FROM page) AS ids`;
}

/**
 * The window's CTEs read $1 (only these checks: null, all of them), $3 and $4 as the summary
 * does; $2 is the summary's label selector, which the dashboard does not use but must type.
 */
const SUMMARY_LABELS_UNUSED = '$2::jsonb IS NULL';

async function readFigures(tx: Queryable, q: DashboardQuery): Promise<Figures> {
  const windowed = q.window !== HOUR_MS;
  const initial: unknown[] = [];
  let ctes = '';
  if (windowed) {
    initial.push(null, null, q.window);
    let fromSpan = false;
    if (readsRollUp(q.window)) {
      const span = await spanRolledUpTo(tx, q.window);
      fromSpan = span !== null;
      initial.push(span ?? (await rolledUpTo(tx)));
    }
    ctes = `${windowCtes(q.window, fromSpan)},`;
  }
  const p = new Params(initial);
  const sql = `WITH ${ctes}${figuresSql(q, p, windowed)}`;
  const { rows } = await tx.query<Figures>(sql, p.values);
  const row = rows[0];
  if (!row) throw new Error('the dashboard query returned no row');
  return row;
}

export type DashboardAnswer = Omit<Figures, 'ids'> & { checks: string[] };

/**
 * One page of the health dashboard (GET /api/health/dashboard): the checks in the order the
 * dashboard shows them, the figures of the groups on the page, the counts and the tab and
 * label options. The filtering, grouping and sorting the browser did over every check's
 * summary are done by the database, so a dashboard of 100k checks sends one page of them.
 * The page's entries are the summary's own (summary.ts).
 */
export async function dashboardPage(db: Db, q: DashboardQuery): Promise<DashboardAnswer> {
  const figures = await db.transaction(
    async (tx) => {
      // As the summary's windows: no JIT, merge joins or parallel workers (summary.ts says why).
      await tx.exec(
        'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ; SET LOCAL jit = off; SET LOCAL enable_mergejoin = off; SET LOCAL max_parallel_workers_per_gather = 0',
      );
      return readFigures(tx, q);
    },
    { readOnly: true },
  );
  const { ids, ...rest } = figures;
  const entries = ids.length ? await summaryEntries(db, { ids, windowMs: q.window }) : [];
  const byId = new Map(entries.map((e) => [e.id, e.entry]));
  // A check removed between the two reads is left out.
  const checks = ids.flatMap((id) => byId.get(id) ?? []);
  return { ...rest, checks };
}

/** Bumped by every change a user would see in the summary (migration 205). */
const pages = new SharedResults<DashboardAnswer>('SELECT n AS version FROM health_changes');

/** The page, shared as the summary is (summary.ts `sharedChecksSummaryJson`). */
export function sharedDashboardPage(db: Db, q: DashboardQuery, shareMs: number): Promise<DashboardAnswer> {
  return pages.get(db, JSON.stringify(q), shareMs, () => dashboardPage(db, q));
}
