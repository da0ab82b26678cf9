import { SharedResults } from '../db/shared-results.js';
import type { Db, Queryable } from '../db/types.js';
import type { TreeQuery } from './tree-query.js';

/* The topology tree's reads (tree.ts puts the answer together). */

export type Property = { name?: string; text?: string; value?: number; headline?: boolean };

/** What filtering, sorting and the tree shape need; the answer's fields come as JSON text. */
export type LightRow = {
  id: string;
  parent_id: string | null;
  name: string;
  type: string | null;
  status: string;
  labels: Record<string, string>;
  agent_id: string;
  hidden: boolean;
  // RFC 3339 text from SQL: turning thousands of timestamps into Dates costs more than the row.
  updated_at: string;
  properties?: Property[];
};
export type CheckRef = {
  id: string;
  canary_id: string;
  name: string;
  type: string;
  icon: string | null;
  namespace: string;
  status: string | null;
  severity: string;
  latency: { p99: number | null };
  checkStatuses: { time: string; status: boolean; duration: number }[];
};
export type TeamRef = {
  team_id: string;
  component_id: string;
  team: { id: string; name: string; icon: string | null };
};

export class ComponentNotFound extends Error {
  constructor(id: string) {
    super(`Component ${id} not found`);
  }
}

// One component's own fields as JSON text, built by PostgreSQL: 5k components parsed into
// objects and serialised again cost more than the queries (and most of it in GC).
const componentColumns = (properties: string) => `c.id, c.topology_id, c.parent_id, c.name, c.title, c.text,
  c.tooltip, c.type, c.icon, c.namespace, c.owner, c.labels, c.status, c.health, c.status_reason, c.agent_id,
  c.external_id, c.config_id, c.path, c.is_leaf, c.cost_per_minute::float8 AS cost_per_minute,
  c.cost_total_1d::float8 AS cost_total_1d, c.cost_total_7d::float8 AS cost_total_7d,
  c.cost_total_30d::float8 AS cost_total_30d, ${properties} AS properties,
  c.summary || jsonb_build_object('incidents', coalesce(inc.incidents, '{}'::jsonb)) AS summary, c.hidden,
  c.log_selectors, c.created_at, c.updated_at, c.deleted_at`;

/** Incidents still in progress (not resolved or closed) count on the cards. */
const ACTIVE_INCIDENT_SQL = `i.status NOT IN ('resolved', 'closed')`;

/**
 * `summary.incidents` ({type: {severity: n}}) of every component with an incident in progress
 * whose evidence points at it or at a live component below it, as the card counts checks and
 * insights. Read with the tree, so a linked incident shows without waiting for the next rollup.
 * Driven from the evidences that name a component (few), not from the incidents in progress:
 * at 500k incidents the planner hashed every one of them first (1.4 s for no evidence at all).
 */
const incidentCountsSql = `WITH ev AS MATERIALIZED (
    SELECT e.component_id, i.id, i.type, i.severity
    FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
    WHERE e.component_id IS NOT NULL AND ${ACTIVE_INCIDENT_SQL}
  ), inc_links AS (
    SELECT DISTINCT anc.id AS component_id, ev.id, ev.type, ev.severity
    FROM ev
    JOIN components ec ON ec.id = ev.component_id
    CROSS JOIN LATERAL unnest(string_to_array(ec.path, '.') || ec.id::text) AS anc(id)
    WHERE ec.deleted_at IS NULL OR anc.id = ec.id::text
  ), by_severity AS (
    SELECT component_id, type, jsonb_object_agg(severity, n) AS counts
    FROM (SELECT component_id, type, severity, count(*)::int AS n FROM inc_links GROUP BY 1, 2, 3) x
    GROUP BY component_id, type
  ), inc AS (
    SELECT component_id, jsonb_object_agg(type, counts) AS incidents FROM by_severity GROUP BY component_id
  )`;

/** Component properties as a caller sees them: credentials `***` unless they may write topologies. */
const propertiesSql = (redact: boolean) => (redact ? 'redact_secrets(c.properties)' : 'c.properties');

/**
 * Which components a request covers: a WHERE clause over the components aliased `a`, and its
 * parameters ($1…), which every query of the request passes first.
 */
export type Scope = { where: (a: string) => string; params: unknown[] };

/** Live components of the scope: everything, one topology, or one component and its subtree. */
export type Anchor = { id: string; path: string };

export async function findScope(db: Queryable, q: TreeQuery): Promise<{ anchor?: Anchor; scope: Scope }> {
  let anchor: Anchor | undefined;
  let scope: Scope;
  if (q.id) {
    const { rows: found } = await db.query<Anchor>('SELECT c.id, c.path FROM components c WHERE c.id = $1', [
      q.id,
    ]);
    anchor = found[0];
    if (!anchor) throw new ComponentNotFound(q.id);
    const prefix = anchor.path ? `${anchor.path}.${anchor.id}` : anchor.id;
    scope = {
      where: (a) => `${a}.deleted_at IS NULL AND (${a}.path = $1 OR ${a}.path LIKE $2)`,
      params: [prefix, `${prefix}.%`],
    };
  } else {
    scope = {
      where: (a) => `${a}.deleted_at IS NULL AND ($1::uuid IS NULL OR ${a}.topology_id = $1::uuid)`,
      params: [q.topology_id ?? null],
    };
  }
  return { anchor, scope };
}

/** The scope's components a request shows: hidden ones only when asked for. */
const shown = (scope: Scope, q: TreeQuery, a: string) =>
  `${scope.where(a)}${q.hidden ? '' : ` AND NOT ${a}.hidden`}`;

export const BUILT_IN_SORTS = new Set([
  'status',
  'health',
  'name',
  'type',
  'updated_at',
  'last_updated',
  'updated',
]);

/** The light columns of `components c` (with properties when a sort by property needs them). */
export const lightColumns = (withProperties: boolean, redact: boolean) =>
  `c.id, c.parent_id, c.name, c.type, c.status, c.labels, c.agent_id, c.hidden,
   to_json(c.updated_at) #>> '{}' AS updated_at${withProperties ? `, ${propertiesSql(redact)} AS properties` : ''}`;

/**
 * The card candidates, before the filters: with `flatten` every shown component of the scope,
 * under `id` its shown children, else the shown components whose parent is not shown in the
 * scope (the roots, and the children of hidden components).
 */
export async function loadCandidates(
  db: Queryable,
  q: TreeQuery,
  scope: Scope,
  anchor: Anchor | undefined,
  columns: string,
): Promise<LightRow[]> {
  const n = scope.params.length + 1;
  const [where, params] = q.flatten
    ? [shown(scope, q, 'c'), scope.params]
    : anchor
      ? [`${shown(scope, q, 'c')} AND c.parent_id = $${n}::uuid`, [...scope.params, anchor.id]]
      : [
          `${shown(scope, q, 'c')} AND (c.parent_id IS NULL OR NOT EXISTS (
             SELECT 1 FROM components p WHERE p.id = c.parent_id AND ${shown(scope, q, 'p')}))`,
          scope.params,
        ];
  const { rows } = await db.query<LightRow>(`SELECT ${columns} FROM components c WHERE ${where}`, params);
  return rows;
}

/**
 * The shown children of the cards down to `depth`, level by level, by parent: a card list
 * reads its cards' subtrees, not the whole scope (50k components at ten times our sizes).
 */
export async function loadChildren(
  db: Queryable,
  q: TreeQuery,
  scope: Scope,
  cards: readonly LightRow[],
  columns: string,
): Promise<Map<string, LightRow[]>> {
  const children = new Map<string, LightRow[]>();
  const n = scope.params.length + 1;
  let parents = cards.map((c) => c.id);
  for (let level = 0; level < q.depth && parents.length > 0; level += 1) {
    const { rows } = await db.query<LightRow>(
      `SELECT ${columns} FROM components c WHERE ${shown(scope, q, 'c')} AND c.parent_id = ANY ($${n}::uuid[])`,
      [...scope.params, parents],
    );
    for (const r of rows) {
      const l = children.get(r.parent_id ?? '') ?? [];
      l.push(r);
      children.set(r.parent_id ?? '', l);
    }
    parents = rows.map((r) => r.id);
  }
  return children;
}

export type ComponentJson = { json: string; logs: string };

/**
 * The JSON of the given components (`live`: those not deleted). With `flatten` the answer holds
 * every shown component, so one scan of the scope is cheaper than thousands of id lookups; the
 * rest are dropped here.
 */
export async function loadJson(
  db: Queryable,
  ids: string[],
  scope: Scope | undefined,
  redact: boolean,
  live = false,
): Promise<Map<string, ComponentJson>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ComponentJson & { id: string }>(
    // row_to_json writes compact JSON (json_build_object would pad every key with spaces).
    `${incidentCountsSql}
     SELECT x.id, row_to_json(x)::text AS json, x.log_selectors::text AS logs
     FROM (SELECT ${componentColumns(propertiesSql(redact))}
           FROM components c LEFT JOIN inc ON inc.component_id = c.id::text
           WHERE ${scope ? scope.where('c') : `c.id = ANY ($1::uuid[])${live ? ' AND c.deleted_at IS NULL' : ''}`}) x`,
    scope ? scope.params : [ids],
  );
  const wanted = scope ? new Set(ids) : undefined;
  return new Map(rows.filter((r) => !wanted || wanted.has(r.id)).map((r) => [r.id, r]));
}

export async function loadChecks(db: Queryable, ids: readonly string[]): Promise<Map<string, CheckRef[]>> {
  const { rows } = await db.query<CheckRef & { component_id: string }>(
    `SELECT r.component_id, k.id, k.canary_id, k.name, k.type, k.icon, k.namespace, k.status, k.severity,
       json_build_object('p99', s.p99) AS latency,
       coalesce((SELECT json_agg(json_build_object('time', cs.time, 'status', cs.status, 'duration', cs.duration)
                 ORDER BY cs.time DESC)
                 FROM (SELECT time, status, duration FROM check_statuses
                       WHERE check_id = k.id ORDER BY time DESC LIMIT 5) cs), '[]'::json) AS "checkStatuses"
     FROM check_component_relationships r
     JOIN checks k ON k.id = r.check_id
     LEFT JOIN check_stats s ON s.check_id = k.id
     WHERE r.deleted_at IS NULL AND k.deleted_at IS NULL AND r.component_id = ANY ($1::uuid[])
     ORDER BY k.name`,
    [ids],
  );
  const out = new Map<string, CheckRef[]>();
  for (const { component_id, ...check } of rows) {
    const l = out.get(component_id) ?? [];
    l.push(check);
    out.set(component_id, l);
  }
  return out;
}

export async function loadTeams(db: Queryable, ids: readonly string[]): Promise<Map<string, TeamRef[]>> {
  const { rows } = await db.query<{
    team_id: string;
    component_id: string;
    name: string;
    icon: string | null;
  }>(
    `SELECT tc.team_id, tc.component_id, t.name, t.icon FROM team_components tc
     JOIN teams t ON t.id = tc.team_id
     WHERE t.deleted_at IS NULL AND tc.component_id = ANY ($1::uuid[])
     ORDER BY t.name`,
    [ids],
  );
  const out = new Map<string, TeamRef[]>();
  for (const r of rows) {
    const l = out.get(r.component_id) ?? [];
    l.push({
      team_id: r.team_id,
      component_id: r.component_id,
      team: { id: r.team_id, name: r.name, icon: r.icon },
    });
    out.set(r.component_id, l);
  }
  return out;
}

export type FilterOptions = {
  statuses: string[];
  types: string[];
  teams: string[];
  tags: [string, string][];
};

/**
 * The filter options of every shown component of the scope, so choosing one does not hide the
 * others; aggregated by the database rather than read row by row.
 */
async function readOptions(db: Queryable, q: TreeQuery, scope: Scope): Promise<FilterOptions> {
  const where = shown(scope, q, 'c');
  const { rows } = await db.query<FilterOptions>(
    `SELECT
       (SELECT coalesce(json_agg(DISTINCT c.status), '[]') FROM components c
         WHERE ${where} AND c.status IS NOT NULL) AS statuses,
       (SELECT coalesce(json_agg(DISTINCT c.type), '[]') FROM components c
         WHERE ${where} AND c.type IS NOT NULL) AS types,
       (SELECT coalesce(json_agg(DISTINCT t.name), '[]') FROM team_components tc
         JOIN teams t ON t.id = tc.team_id JOIN components c ON c.id = tc.component_id
         WHERE t.deleted_at IS NULL AND ${where}) AS teams,
       (SELECT coalesce(json_agg(DISTINCT jsonb_build_array(l.key, l.value)), '[]')
         FROM components c CROSS JOIN LATERAL jsonb_each_text(c.labels) l WHERE ${where}) AS tags`,
    scope.params,
  );
  return rows[0] ?? { statuses: [], types: [], teams: [], tags: [] };
}

/** Bumped by every change to components, their teams and links (migration 206). */
const sharedOptions = new SharedResults<FilterOptions>('SELECT n AS version FROM topology_changes');
/**
 * The options depend on the scope alone and are exact for as long as the counter has not
 * moved, so they are kept that long (bounded): at 50k components reading them costs 0.3-1 s,
 * more than the rest of a card list.
 */
const OPTIONS_KEEP_MS = 10 * 60_000;

export function loadOptions(db: Db, q: TreeQuery, scope: Scope): Promise<FilterOptions> {
  const key = JSON.stringify([scope.where('c'), scope.params, q.hidden]);
  return sharedOptions.get(db, key, OPTIONS_KEEP_MS, () => readOptions(db, q, scope));
}

export function childrenOf(rows: readonly LightRow[]): Map<string, LightRow[]> {
  const children = new Map<string, LightRow[]>();
  for (const r of rows) {
    if (!r.parent_id) continue;
    const l = children.get(r.parent_id) ?? [];
    l.push(r);
    children.set(r.parent_id, l);
  }
  return children;
}
