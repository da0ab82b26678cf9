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

/** A check's value of the grouping or tabbing (over `checks k JOIN canaries c`): a built-in field or a label. */
function fieldOf(by: string, p: Params, kind: 'tab' | 'group'): string {
  if (kind === 'tab' && by === 'namespace') return `coalesce(nullif(k.namespace, ''), 'none')`;
  if (kind === 'tab' && by === 'agent_id') return `coalesce(k.agent_id::text, 'none')`;
  if (kind === 'group') {
    if (by === 'canary_name') return `coalesce(c.name, '')`;
    // Checks named 'group/check' group by what comes before the slash.
    if (by === 'name')
      return `CASE WHEN strpos(k.name, '/') > 1 THEN split_part(k.name, '/', 1) ELSE k.name END`;
    if (by === 'description') return `coalesce(k.description, '')`;
    if (by === 'type') return `coalesce(k.type, '')`;
  }
  const label = `(k.labels ->> ${p.add(by, 'text')})`;
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
 * How the statement gets each check's passed and failed counts: the hour's from check_stats;
 * a longer window's from the window's CTEs (`w`) for every check when the page is sorted by
 * uptime, else not at all (`later`): the group rows' figures are then read for the page's
 * groups only (groupWindowFigures), not for 100k checks to show 200.
 */
type Figured = 'hour' | 'window' | 'later';

/** The filters of the dashboard's tab, search, status, labels and component, over `base b`. */
function conditionsOf(q: DashboardQuery, p: Params): string[] {
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
  return conditions;
}

/** The label filter's options: every key and value live checks of live canaries carry (migration 211). */
const LABEL_OPTIONS = `(SELECT coalesce(json_agg(json_build_object('key', l.key, 'values', l.vals)), '[]')
       FROM (SELECT v.key, array_agg(DISTINCT v.value) AS vals
             FROM check_label_values v JOIN canaries c ON c.id = v.canary_id AND c.deleted_at IS NULL
             GROUP BY v.key) l)`;

/**
 * The whole statement: the checks with their health and figures (`base`), those of the tab
 * matching the search and filters (`matching`, which the passing and failing counts count),
 * those shown (`visible`: Hide Passing applied), ordered by group then the sort. `base` carries
 * only the columns the filters, grouping and sort read; a step that filters nothing is `base`
 * itself rather than a copy of 100k rows.
 */
function figuresSql(q: DashboardQuery, p: Params, figured: Figured): string {
  const grouped = q.group_by !== NO_GROUP;
  // Passed, failed and latency serve the group rows and the uptime and latency sorts only:
  // an ungrouped page sorted otherwise reads no figures (the join cost 60-90 ms at 100k checks).
  const figures = grouped || q.sort === 'uptime' || q.sort === 'latency';
  const stats = !figures
    ? ''
    : figured === 'window'
      ? `LEFT JOIN w ON w.check_id = k.id LEFT JOIN check_stats s ON s.check_id = k.id`
      : `LEFT JOIN check_stats s ON s.check_id = k.id${figured === 'hour' ? ` AND s.updated_at > now() - interval '1 hour'` : ''}`;
  const figure = (window: string, hour: string) =>
    figures && figured === 'window' ? window : figures && figured === 'hour' ? hour : 'null::bigint';
  const passed = figure('w.passed', 's.passed');
  const failed = figure('w.failed', 's.failed');
  const search = q.query.trim() !== '';
  const needsLabels = Object.keys(q.labels.include).length > 0 || q.labels.exclude.length > 0;
  const columns = [
    'k.id',
    'k.name',
    'c.name AS canary_name',
    `${HEALTH} AS health`,
    `coalesce(${passed}, 0) AS passed`,
    `coalesce(${failed}, 0) AS failed`,
    `${figures ? 'coalesce(s.rolling1h, 0)' : '0'} AS latency`,
    'k.last_transition_time',
    `${fieldOf(q.tab_by, p, 'tab')} AS tab`,
  ];
  columns.push(`${grouped ? fieldOf(q.group_by, p, 'group') : `''`} AS grp`);
  if (search) columns.push('k.description', 'k.endpoint');
  if (needsLabels) columns.push('k.labels');
  const conditions = conditionsOf(q, p);
  const matching = conditions.length ? 'matching' : 'base';
  const visible = q.hide_passing ? 'visible' : matching;
  const dir = q.desc ? 'DESC' : 'ASC';
  // Groups by their name, then the chosen sort; ties keep the canary-then-name order.
  const order = `${grouped ? `lower(v.grp) COLLATE "C", v.grp COLLATE "C", ` : ''}${sortKey(q.sort)} ${dir},
    v.canary_name COLLATE "C", v.name COLLATE "C", v.id`;
  const limit = p.add(q.limit, 'int');
  const offset = p.add(q.offset, 'int');
  const pageGroups = grouped ? `v.grp IN (SELECT grp FROM page)` : 'false';
  return `
  base AS MATERIALIZED (
    SELECT ${columns.join(', ')}
    FROM checks k JOIN canaries c ON c.id = k.canary_id ${stats}
    WHERE k.deleted_at IS NULL AND c.deleted_at IS NULL${figured === 'window' ? ` AND ${SUMMARY_LABELS_UNUSED}` : ''}
  ),${
    conditions.length
      ? `
  matching AS MATERIALIZED (
    SELECT b.* FROM base b WHERE ${conditions.join('\n      AND ')}
  ),`
      : ''
  }${
    q.hide_passing
      ? `
  visible AS MATERIALIZED (
    SELECT b.* FROM ${matching} b WHERE b.health <> 'healthy'
  ),`
      : ''
  }
  page AS MATERIALIZED (
    -- Numbered after the LIMIT, in the order it leaves them: a window over the whole order
    -- would sort every visible check instead of keeping the best few (100k rows for 200).
    SELECT p.id, p.grp, row_number() OVER () AS n FROM (
      SELECT v.id, v.grp FROM ${visible} v ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
    ) p
  )
  SELECT
    (SELECT count(*)::int FROM ${visible}) AS total,
    (SELECT count(*)::int FROM ${matching} WHERE health = 'healthy') AS passing,
    (SELECT count(*)::int FROM ${matching} WHERE health <> 'healthy') AS failing,
    (SELECT coalesce(json_agg(json_build_object('value', t.tab, 'count', t.n)), '[]')
       FROM (SELECT tab, count(*)::int AS n FROM base GROUP BY tab) t) AS tabs,
    ${LABEL_OPTIONS} AS labels,
    (SELECT coalesce(json_agg(g), '[]') FROM (
       SELECT v.grp AS key, count(*)::int AS count,
         CASE WHEN min(v.health) = max(v.health) THEN min(v.health) ELSE 'mixed' END AS health,
         sum(v.passed)::int AS passed, sum(v.failed)::int AS failed, max(v.latency) AS latency,
         max(v.last_transition_time) AS last_transition_time
       FROM ${visible} v WHERE ${pageGroups} GROUP BY v.grp) g) AS groups,
    (SELECT coalesce(json_agg(id ORDER BY n), '[]') FROM page) AS ids${
      figured === 'later'
        ? `,
    (SELECT coalesce(json_agg(json_build_array(v.id, v.grp)), '[]')
       FROM ${visible} v WHERE ${pageGroups}) AS members`
        : ''
    }`;
}

/**
 * The window's CTEs read $1 (only these checks: null, all of them), $3 and $4 as the summary
 * does; $2 is the summary's label selector, which the dashboard does not use but must type.
 */
const SUMMARY_LABELS_UNUSED = '$2::jsonb IS NULL';

/** The window's parameters and CTEs ($1 the checks, or null for every check). */
async function windowOf(tx: Queryable, windowMs: number, ids: string[] | null) {
  const initial: unknown[] = [ids, null, windowMs];
  let fromSpan = false;
  if (readsRollUp(windowMs)) {
    const span = await spanRolledUpTo(tx, windowMs);
    fromSpan = span !== null;
    initial.push(span ?? (await rolledUpTo(tx)));
  }
  return { initial, ctes: windowCtes(windowMs, fromSpan) };
}

/** The page's groups' passed and failed counts over the window, from their checks' figures only. */
async function groupWindowFigures(
  tx: Queryable,
  windowMs: number,
  members: [string, string][],
): Promise<Map<string, { passed: number; failed: number }>> {
  const sums = new Map<string, { passed: number; failed: number }>();
  if (members.length === 0) return sums;
  const { initial, ctes } = await windowOf(
    tx,
    windowMs,
    members.map(([id]) => id),
  );
  const p = new Params(initial);
  const grps = p.add(
    members.map(([, grp]) => grp),
    'text[]',
  );
  const { rows } = await tx.query<{ grp: string; passed: number; failed: number }>(
    `WITH ${ctes}
     SELECT m.grp, sum(w.passed)::int AS passed, sum(w.failed)::int AS failed
     FROM unnest($1::uuid[], ${grps}) AS m (id, grp) JOIN w ON w.check_id = m.id
     WHERE ${SUMMARY_LABELS_UNUSED}
     GROUP BY m.grp`,
    p.values,
  );
  for (const r of rows) sums.set(r.grp, { passed: Number(r.passed), failed: Number(r.failed) });
  return sums;
}

type FiguresRow = Figures & { members?: [string, string][] };

async function readFigures(tx: Queryable, q: DashboardQuery): Promise<Figures> {
  const figured: Figured = q.window === HOUR_MS ? 'hour' : q.sort === 'uptime' ? 'window' : 'later';
  const window = figured === 'window' ? await windowOf(tx, q.window, null) : undefined;
  const p = new Params(window?.initial ?? []);
  const sql = `WITH ${window ? `${window.ctes},` : ''}${figuresSql(q, p, figured)}`;
  const { rows } = await tx.query<FiguresRow>(sql, p.values);
  const row = rows[0];
  if (!row) throw new Error('the dashboard query returned no row');
  const { members, ...figures } = row;
  if (figured !== 'later') return figures;
  const sums = await groupWindowFigures(tx, q.window, members ?? []);
  const groups = figures.groups.map((g) => ({ ...g, ...(sums.get(g.key) ?? { passed: 0, failed: 0 }) }));
  return { ...figures, groups };
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
