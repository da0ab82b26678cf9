import { COMPONENT_STATUS_RANK } from '@opsdeck/shared';
import { SharedResults } from '../db/shared-results.js';
import type { Db, Queryable } from '../db/types.js';
import { matchesLabels } from '../selectors.js';
import type { TreeQuery } from './tree-query.js';

type Property = { name?: string; text?: string; value?: number; headline?: boolean };

/** What filtering, sorting and the tree shape need; the answer's fields come as JSON text. */
type LightRow = {
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
type CheckRef = {
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
type TeamRef = {
  team_id: string;
  component_id: string;
  team: { id: string; name: string; icon: string | null };
};

/**
 * The answer's shape (docs/topology.md, Tree API), written as text by `topologyTreeJson`: each component is its
 * row of `components` (costs as numbers, timestamps as RFC 3339 text) plus these fields.
 */
export type TreeComponent = Record<string, unknown> & {
  id: string;
  name: string;
  type: string | null;
  status: string;
  properties: Property[];
  children: TreeComponent[];
  checks: CheckRef[];
  teams: TeamRef[];
  logs: { name: string; type?: string }[];
};

export type TreeResponse = {
  components: TreeComponent[];
  healthStatuses: string[];
  teams: string[];
  tags: Record<string, string[]>;
  types: string[];
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
type Scope = { where: (a: string) => string; params: unknown[] };

/** Live components of the scope: everything, one topology, or one component and its subtree. */
type Anchor = { id: string; path: string };

async function findScope(db: Queryable, q: TreeQuery): Promise<{ anchor?: Anchor; scope: Scope }> {
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

const BUILT_IN_SORTS = new Set(['status', 'health', 'name', 'type', 'updated_at', 'last_updated', 'updated']);

/** The light columns of `components c` (with properties when a sort by property needs them). */
const lightColumns = (withProperties: boolean, redact: boolean) =>
  `c.id, c.parent_id, c.name, c.type, c.status, c.labels, c.agent_id, c.hidden,
   to_json(c.updated_at) #>> '{}' AS updated_at${withProperties ? `, ${propertiesSql(redact)} AS properties` : ''}`;

/**
 * The card candidates, before the filters: with `flatten` every shown component of the scope,
 * under `id` its shown children, else the shown components whose parent is not shown in the
 * scope (the roots, and the children of hidden components).
 */
async function loadCandidates(
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
async function loadChildren(
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

type ComponentJson = { json: string; logs: string };

/**
 * The JSON of the given components. With `flatten` the answer holds every shown component, so
 * one scan of the scope is cheaper than thousands of id lookups; the rest are dropped here.
 */
async function loadJson(
  db: Queryable,
  ids: string[],
  scope: Scope | undefined,
  redact: boolean,
): Promise<Map<string, ComponentJson>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<ComponentJson & { id: string }>(
    // row_to_json writes compact JSON (json_build_object would pad every key with spaces).
    `${incidentCountsSql}
     SELECT x.id, row_to_json(x)::text AS json, x.log_selectors::text AS logs
     FROM (SELECT ${componentColumns(propertiesSql(redact))}
           FROM components c LEFT JOIN inc ON inc.component_id = c.id::text
           WHERE ${scope ? scope.where('c') : `c.id = ANY ($1::uuid[])`}) x`,
    scope ? scope.params : [ids],
  );
  const wanted = scope ? new Set(ids) : undefined;
  return new Map(rows.filter((r) => !wanted || wanted.has(r.id)).map((r) => [r.id, r]));
}

async function loadChecks(db: Queryable, ids: readonly string[]): Promise<Map<string, CheckRef[]>> {
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

async function loadTeams(db: Queryable, ids: readonly string[]): Promise<Map<string, TeamRef[]>> {
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

type FilterOptions = { statuses: string[]; types: string[]; teams: string[]; tags: [string, string][] };

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

function propertyOf(c: LightRow, name: string): string | number | undefined {
  const p = (c.properties ?? []).find((x) => x.name === name);
  if (!p) return undefined;
  return typeof p.value === 'number' ? p.value : p.text;
}

// One collator for every comparison: String.prototype.localeCompare builds one per call.
const collator = new Intl.Collator(undefined, { numeric: true });

/** The card sorts: Health (info 4, healthy 3, warning 2, unhealthy 1), Name, Type, Last Updated, or a property. */
export function comparator(sortBy: string, order: 'asc' | 'desc'): (a: LightRow, b: LightRow) => number {
  const dir = order === 'desc' ? -1 : 1;
  const byName = (a: LightRow, b: LightRow) =>
    collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const key = sortBy.toLowerCase();
  let primary: (a: LightRow, b: LightRow) => number;
  if (key === 'status' || key === 'health') {
    primary = (a, b) =>
      ((COMPONENT_STATUS_RANK[a.status] ?? 0) - (COMPONENT_STATUS_RANK[b.status] ?? 0)) * dir;
  } else if (key === 'name') {
    return (a, b) => byName(a, b) * dir;
  } else if (key === 'type') {
    primary = (a, b) => collator.compare(a.type ?? '', b.type ?? '') * dir;
  } else if (key === 'updated_at' || key === 'last_updated' || key === 'updated') {
    primary = (a, b) => (Date.parse(a.updated_at) - Date.parse(b.updated_at)) * dir;
  } else {
    primary = (a, b) => {
      const x = propertyOf(a, sortBy);
      const y = propertyOf(b, sortBy);
      // Components without the property go last whatever the order.
      if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
      if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
      return collator.compare(String(x), String(y)) * dir;
    };
  }
  return (a, b) => primary(a, b) || byName(a, b);
}

/** Bumped by every change to components, their teams and links (migration 206). */
const sharedOptions = new SharedResults<FilterOptions>('SELECT n AS version FROM topology_changes');
/**
 * The options depend on the scope alone and are exact for as long as the counter has not
 * moved, so they are kept that long (bounded): at 50k components reading them costs 0.3-1 s,
 * more than the rest of a card list.
 */
const OPTIONS_KEEP_MS = 10 * 60_000;

function loadOptions(db: Db, q: TreeQuery, scope: Scope): Promise<FilterOptions> {
  const key = JSON.stringify([scope.where('c'), scope.params, q.hidden]);
  return sharedOptions.get(db, key, OPTIONS_KEEP_MS, () => readOptions(db, q, scope));
}

/**
 * The topology tree (`GET /api/canary/api/topology`, docs/topology.md). Filters apply to the cards: the
 * root components, or the children of `id`, or with `flatten` every component of the scope.
 * `id` always returns exactly that component, its (filtered) children below it.
 */
export async function topologyTreeJson(
  db: Db,
  q: TreeQuery,
  /** The route sets it for callers who may not write topologies (credentials in properties → ***). */
  access: { redactProperties?: boolean } = {},
): Promise<string> {
  const redact = access.redactProperties ?? false;
  const { anchor, scope } = await findScope(db, q);
  const sortBy = q.sortBy ?? 'status';
  const columns = lightColumns(!BUILT_IN_SORTS.has(sortBy.toLowerCase()), redact);
  // Independent reads: on a PostgreSQL pool they run side by side.
  const [candidates, options] = await Promise.all([
    loadCandidates(db, q, scope, anchor, columns),
    loadOptions(db, q, scope),
  ]);
  const candidateTeams =
    q.team.length > 0
      ? await loadTeams(
          db,
          candidates.map((r) => r.id),
        )
      : new Map<string, TeamRef[]>();
  const matches = (r: LightRow) =>
    (q.status.length === 0 || q.status.includes(r.status)) &&
    (q.type.length === 0 || (r.type !== null && q.type.includes(r.type))) &&
    (q.team.length === 0 ||
      (candidateTeams.get(r.id) ?? []).some(
        (t) => q.team.includes(t.team.name) || q.team.includes(t.team_id),
      )) &&
    (!q.agent_id || r.agent_id === q.agent_id) &&
    matchesLabels(r.labels, q.labels);
  const cards = candidates.filter(matches);
  const sort = comparator(sortBy, q.sortOrder ?? (q.sortBy ? 'asc' : 'desc'));
  cards.sort(sort);

  // With flatten every shown component is a card and its children are among them.
  const children = q.flatten ? childrenOf(candidates) : await loadChildren(db, q, scope, cards, columns);
  // The components the answer holds: the cards and their children down to `depth`.
  const included: string[] = [];
  const collect = (r: LightRow, level: number) => {
    included.push(r.id);
    if (level < q.depth) for (const c of children.get(r.id) ?? []) collect(c, level + 1);
  };
  for (const c of cards) collect(c, 0);
  // The anchor's checks and teams are shown too.
  const withAnchor = anchor ? [...included, anchor.id] : included;
  const [json, teamsById, checksById] = await Promise.all([
    loadJson(db, withAnchor, q.flatten ? scope : undefined, redact),
    loadTeams(db, withAnchor),
    loadChecks(db, withAnchor),
  ]);
  if (anchor && !json.has(anchor.id)) {
    for (const [id, own] of await loadJson(db, [anchor.id], undefined, redact)) json.set(id, own);
  }

  // `{…own fields, "children": […], "checks": […], "teams": […], "logs": […]}`
  const shape = (id: string, own: ComponentJson, kids: string[]): string =>
    `${own.json.slice(0, -1)},"children":[${kids.join(',')}],"checks":${JSON.stringify(checksById.get(id) ?? [])},` +
    `"teams":${JSON.stringify(teamsById.get(id) ?? [])},"logs":${own.logs}}`;
  const build = (r: LightRow, level: number): string[] => {
    const own = json.get(r.id);
    // A component deleted between the reads is left out.
    if (!own) return [];
    const kids =
      level < q.depth ? [...(children.get(r.id) ?? [])].sort(sort).flatMap((c) => build(c, level + 1)) : [];
    return [shape(r.id, own, kids)];
  };
  const built = cards.flatMap((c) => build(c, 0));
  const anchorJson = anchor ? json.get(anchor.id) : undefined;
  const components = anchor && anchorJson ? [shape(anchor.id, anchorJson, built)] : anchor ? [] : built;

  const sorted = (s: Iterable<string>) => [...s].sort(collator.compare);
  const tags = new Map<string, string[]>();
  for (const [k, v] of options.tags) tags.set(k, [...(tags.get(k) ?? []), v]);
  const answerOptions = JSON.stringify({
    healthStatuses: sorted(options.statuses),
    teams: sorted(options.teams),
    tags: Object.fromEntries(sorted(tags.keys()).map((k) => [k, sorted(tags.get(k) ?? [])])),
    types: sorted(options.types),
  });
  return `{"components":[${components.join(',')}],${answerOptions.slice(1)}`;
}

function childrenOf(rows: readonly LightRow[]): Map<string, LightRow[]> {
  const children = new Map<string, LightRow[]>();
  for (const r of rows) {
    if (!r.parent_id) continue;
    const l = children.get(r.parent_id) ?? [];
    l.push(r);
    children.set(r.parent_id, l);
  }
  return children;
}
