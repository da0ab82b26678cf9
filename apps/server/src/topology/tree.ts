import { COMPONENT_STATUS_RANK } from '@opsdeck/shared';
import type { Db } from '../db/types.js';
import { matchesLabels } from '../selectors.js';
import {
  BUILT_IN_SORTS,
  childrenOf,
  findScope,
  lightColumns,
  loadCandidates,
  loadChecks,
  loadChildren,
  loadJson,
  loadOptions,
  loadTeams,
  type Anchor,
  type CheckRef,
  type ComponentJson,
  type FilterOptions,
  type LightRow,
  type Property,
  type Scope,
  type TeamRef,
} from './tree-load.js';
import type { TreeQuery } from './tree-query.js';

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

/** Components whose JSON is read and written at a time when a tree is sent in chunks. */
export const TREE_CHUNK = 2_000;

/**
 * A tree answer before any component's own JSON is read: which components it holds, in which
 * order (the light rows), and its filter options as text. Small enough to keep for every
 * component of a large estate; the JSON (60 MB at 50k components) is read a chunk at a time.
 */
export type TreePlan = {
  q: TreeQuery;
  redact: boolean;
  scope: Scope;
  /** With `id`: that component's own JSON, checks and teams (undefined when it was deleted meanwhile). */
  anchor?: { id: string; own?: ComponentJson; checks: CheckRef[]; teams: TeamRef[] };
  cards: LightRow[];
  children: Map<string, LightRow[]>;
  sort: (a: LightRow, b: LightRow) => number;
  /** How many components the answer holds (a component under two cards with flatten counts twice). */
  size: number;
  /** `,"healthStatuses":[…],…}`: what follows the components. */
  optionsTail: string;
};

/**
 * The topology tree (`GET /api/canary/api/topology`, docs/topology.md), planned. Filters apply to
 * the cards: the root components, or the children of `id`, or with `flatten` every component of
 * the scope. `id` always returns exactly that component, its (filtered) children below it.
 */
export async function planTree(
  db: Db,
  q: TreeQuery,
  /** The route sets it for callers who may not write topologies (credentials in properties → ***). */
  access: { redactProperties?: boolean } = {},
): Promise<TreePlan> {
  const redact = access.redactProperties ?? false;
  const { anchor, scope } = await findScope(db, q);
  const sortBy = q.sortBy ?? 'status';
  const columns = lightColumns(!BUILT_IN_SORTS.has(sortBy.toLowerCase()), redact);
  // Independent reads: on a PostgreSQL pool they run side by side.
  const [candidates, options, anchorParts] = await Promise.all([
    loadCandidates(db, q, scope, anchor, columns),
    loadOptions(db, q, scope),
    anchor ? readAnchor(db, anchor, redact) : undefined,
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
  return {
    q,
    redact,
    scope,
    anchor: anchorParts,
    cards,
    children,
    sort,
    size: cards.reduce((n, c) => n + collectSubtree(children, q.depth, c, []), 0),
    optionsTail: `,${optionsText(options).slice(1)}`,
  };
}

async function readAnchor(db: Db, anchor: Anchor, redact: boolean): Promise<TreePlan['anchor']> {
  const ids = [anchor.id];
  const [json, teams, checks] = await Promise.all([
    loadJson(db, ids, undefined, redact),
    loadTeams(db, ids),
    loadChecks(db, ids),
  ]);
  return {
    id: anchor.id,
    own: json.get(anchor.id),
    checks: checks.get(anchor.id) ?? [],
    teams: teams.get(anchor.id) ?? [],
  };
}

/**
 * Appends to `into` the ids of a card and its children down to `depth` (the components its
 * part of the answer holds) and returns how many. Appended one by one: a spread of a card with
 * a hundred thousand descendants would overflow the call stack.
 */
function collectSubtree(
  children: ReadonlyMap<string, LightRow[]>,
  depth: number,
  card: LightRow,
  into: string[],
): number {
  const start = into.length;
  const collect = (r: LightRow, level: number) => {
    into.push(r.id);
    if (level < depth) for (const c of children.get(r.id) ?? []) collect(c, level + 1);
  };
  collect(card, 0);
  return into.length - start;
}

/** `{…own fields, "children": […], "checks": […], "teams": […], "logs": […]}`, open before the children. */
const opening = (own: ComponentJson) => `${own.json.slice(0, -1)},"children":[`;
const closing = (own: ComponentJson, checks: CheckRef[] | undefined, teams: TeamRef[] | undefined) =>
  `],"checks":${JSON.stringify(checks ?? [])},"teams":${JSON.stringify(teams ?? [])},"logs":${own.logs}}`;

/**
 * The answer's text a chunk at a time: the cards are taken in order until they hold `chunk`
 * components, whose JSON, teams and checks are then read and written. The server holds one
 * chunk of JSON, not the whole answer; each chunk is its own statements (no transaction is
 * held while a client reads), so a component deleted between two chunks is left out.
 */
export async function* treeChunks(db: Db, plan: TreePlan, chunk = TREE_CHUNK): AsyncGenerator<string> {
  const { anchor, q } = plan;
  // An anchor deleted since the plan: no component, as when it is deleted before.
  if (anchor && !anchor.own) {
    yield `{"components":[]${plan.optionsTail}`;
    return;
  }
  // The opening goes out with the first components, so the first chunk read is the first written.
  let pending = `{"components":[${anchor?.own ? opening(anchor.own) : ''}`;
  // With flatten and a single chunk the answer holds every shown component: one scan of the scope.
  const scan = q.flatten && plan.size <= chunk ? plan.scope : undefined;
  let written = false;
  let batch: LightRow[] = [];
  let ids: string[] = [];
  for (let i = 0; i < plan.cards.length; i += 1) {
    const card = plan.cards[i] as LightRow;
    batch.push(card);
    collectSubtree(plan.children, q.depth, card, ids);
    if (ids.length < chunk && i < plan.cards.length - 1) continue;
    const text = await chunkText(db, plan, batch, ids, scan);
    batch = [];
    ids = [];
    if (!text) continue;
    yield `${pending}${written ? ',' : ''}${text}`;
    pending = '';
    written = true;
  }
  yield `${pending}${anchor?.own ? closing(anchor.own, anchor.checks, anchor.teams) : ''}]${plan.optionsTail}`;
}

async function chunkText(
  db: Db,
  plan: TreePlan,
  cards: LightRow[],
  ids: string[],
  scan: Scope | undefined,
): Promise<string> {
  const unique = [...new Set(ids)];
  const [json, teamsById, checksById] = await Promise.all([
    loadJson(db, unique, scan, plan.redact, true),
    loadTeams(db, unique),
    loadChecks(db, unique),
  ]);
  const build = (r: LightRow, level: number): string[] => {
    const own = json.get(r.id);
    // A component deleted between the reads is left out.
    if (!own) return [];
    const kids =
      level < plan.q.depth
        ? [...(plan.children.get(r.id) ?? [])].sort(plan.sort).flatMap((c) => build(c, level + 1))
        : [];
    return [`${opening(own)}${kids.join(',')}${closing(own, checksById.get(r.id), teamsById.get(r.id))}`];
  };
  return cards.flatMap((c) => build(c, 0)).join(',');
}

/** `{"healthStatuses":[…],"teams":[…],"tags":{…},"types":[…]}`, each list sorted. */
function optionsText(options: FilterOptions): string {
  const sorted = (s: Iterable<string>) => [...s].sort(collator.compare);
  const tags = new Map<string, string[]>();
  for (const [k, v] of options.tags) tags.set(k, [...(tags.get(k) ?? []), v]);
  return JSON.stringify({
    healthStatuses: sorted(options.statuses),
    teams: sorted(options.teams),
    tags: Object.fromEntries(sorted(tags.keys()).map((k) => [k, sorted(tags.get(k) ?? [])])),
    types: sorted(options.types),
  });
}

/** The whole tree as one string (a small answer, shared between requests; tests and benchmarks). */
export async function topologyTreeJson(
  db: Db,
  q: TreeQuery,
  access: { redactProperties?: boolean } = {},
): Promise<string> {
  return treeText(db, await planTree(db, q, access));
}

export async function treeText(db: Db, plan: TreePlan): Promise<string> {
  let text = '';
  for await (const part of treeChunks(db, plan)) text += part;
  return text;
}
