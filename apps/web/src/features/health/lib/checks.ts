import type { CheckSummary } from '../api/types.js';
import type { TriStateMap } from '../../../ui/triState.js';

/** Built-in Group By options; label keys are added after these. */
export const GROUP_BY_BUILTIN = [
  { value: 'no_group', label: 'No Grouping' },
  { value: 'canary_name', label: 'Group Name' },
  { value: 'name', label: 'Name' },
  { value: 'description', label: 'Description' },
  { value: 'type', label: 'Type' },
] as const;
export const DEFAULT_GROUP_BY = 'canary_name';

export const TAB_BY_BUILTIN = [
  { value: 'namespace', label: 'Namespace' },
  { value: 'agent_id', label: 'Agent' },
] as const;
export const DEFAULT_TAB_BY = 'namespace';
export const ALL_TAB = 'All';
const NONE = 'none';

export type Option = { value: string; label: string };

/** Every label key found on the checks, sorted. */
export function labelKeys(checks: readonly CheckSummary[]): string[] {
  const keys = new Set<string>();
  for (const c of checks) for (const k of Object.keys(c.labels ?? {})) keys.add(k);
  return [...keys].sort((a, b) => a.localeCompare(b));
}

export function groupByOptions(keys: readonly string[]): Option[] {
  const builtin = new Set<string>(GROUP_BY_BUILTIN.map((o) => o.value));
  return [...GROUP_BY_BUILTIN, ...keys.filter((k) => !builtin.has(k)).map((k) => ({ value: k, label: k }))];
}

export function tabByOptions(keys: readonly string[]): Option[] {
  const builtin = new Set<string>(TAB_BY_BUILTIN.map((o) => o.value));
  return [...TAB_BY_BUILTIN, ...keys.filter((k) => !builtin.has(k)).map((k) => ({ value: k, label: k }))];
}

function labelText(c: CheckSummary, key: string): string {
  const v = c.labels?.[key];
  return v === undefined || v === null ? '' : String(v);
}

/** The group a check falls in; '' when it has no value for the grouping. */
export function groupKey(c: CheckSummary, groupBy: string): string {
  switch (groupBy) {
    case 'canary_name':
      return c.canary_name ?? '';
    case 'name': {
      const i = c.name.indexOf('/');
      return i > 0 ? c.name.slice(0, i) : c.name;
    }
    case 'description':
      return c.description ?? '';
    case 'type':
      return c.type ?? '';
    default:
      return labelText(c, groupBy);
  }
}

/** The tab a check belongs to; an empty value is the tab 'none'. */
export function tabKey(c: CheckSummary, tabBy: string): string {
  const v = tabBy === 'namespace' ? c.namespace : tabBy === 'agent_id' ? c.agent_id : labelText(c, tabBy);
  return v ? v : NONE;
}

/** Tabs: 'All' first, then the values sorted alphabetically, each with its count. */
export function tabsFor(
  checks: readonly CheckSummary[],
  tabBy: string,
): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const c of checks) {
    const k = tabKey(c, tabBy);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const rest = [...counts.keys()].sort((a, b) => a.localeCompare(b));
  return [
    { value: ALL_TAB, count: checks.length },
    ...rest.map((v) => ({ value: v, count: counts.get(v) ?? 0 })),
  ];
}

/** Label filters are stored as tri-state maps keyed 'key=value'. */
export function labelFilterKey(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Label values per key, with boolean-valued keys told apart (they get an on/off toggle). */
export function labelValues(
  checks: readonly CheckSummary[],
): Array<{ key: string; values: string[]; boolean: boolean }> {
  const map = new Map<string, Set<string>>();
  for (const c of checks)
    for (const [k, v] of Object.entries(c.labels ?? {})) {
      if (v === null) continue;
      let s = map.get(k);
      if (!s) map.set(k, (s = new Set()));
      s.add(String(v));
    }
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, set]) => {
      const values = [...set].sort((a, b) => a.localeCompare(b));
      return { key, values, boolean: values.every((v) => v === 'true' || v === 'false') };
    });
}

/**
 * A check passes the label filters when, for every key with includes, its value is one of
 * them, and none of its labels is excluded.
 */
export function matchesLabels(c: CheckSummary, filters: TriStateMap): boolean {
  const includes = new Map<string, Set<string>>();
  for (const [kv, state] of Object.entries(filters)) {
    const i = kv.indexOf('=');
    if (i <= 0) continue;
    const key = kv.slice(0, i);
    const value = kv.slice(i + 1);
    const actual = c.labels?.[key];
    const text = actual === undefined || actual === null ? undefined : String(actual);
    if (state === -1 && text === value) return false;
    if (state === 1) {
      let s = includes.get(key);
      if (!s) includes.set(key, (s = new Set()));
      s.add(value);
    }
  }
  for (const [key, values] of includes) {
    const actual = c.labels?.[key];
    if (actual === undefined || actual === null || !values.has(String(actual))) return false;
  }
  return true;
}

/** Lower-cased searchable text per check (name, description, endpoint), built once per summary. */
export function buildSearchIndex(checks: readonly CheckSummary[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const c of checks)
    index.set(
      c.id,
      `${c.name}\n${c.description ?? ''}\n${c.endpoint ?? ''}\n${c.canary_name ?? ''}`.toLowerCase(),
    );
  return index;
}

export type HealthStatus = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export function checkHealth(c: CheckSummary): HealthStatus {
  if (c.status === 'healthy') return 'healthy';
  if (c.status === 'unhealthy') return 'unhealthy';
  if (c.status === 'warning') return 'warning';
  return 'unknown';
}

/** A group is 'mixed' when its children differ, and good only when all are healthy. */
export function groupHealth(children: readonly CheckSummary[]): HealthStatus | 'mixed' {
  const first = children[0];
  if (!first) return 'unknown';
  const h = checkHealth(first);
  return children.every((c) => checkHealth(c) === h) ? h : 'mixed';
}

export function uptimePercent(c: { uptime?: { passed: number; failed: number } | null }): number | undefined {
  const p = c.uptime?.passed ?? 0;
  const f = c.uptime?.failed ?? 0;
  return p + f === 0 ? undefined : (p * 100) / (p + f);
}

export type CheckFilters = {
  tabBy: string;
  tab: string;
  query: string;
  hidePassing: boolean;
  status: string;
  labels: TriStateMap;
  /** Only these checks (a component's), when set. */
  ids?: ReadonlySet<string>;
};

/** Checks of the current tab that match the search, labels, status and ids; `hidePassing` applied separately. */
export function filterChecks(
  checks: readonly CheckSummary[],
  index: Map<string, string>,
  f: Omit<CheckFilters, 'hidePassing'>,
): CheckSummary[] {
  const q = f.query.trim().toLowerCase();
  const hasLabels = Object.keys(f.labels).length > 0;
  return checks.filter(
    (c) =>
      (f.tab === ALL_TAB || tabKey(c, f.tabBy) === f.tab) &&
      (!q || (index.get(c.id) ?? '').includes(q)) &&
      (!f.status || checkHealth(c) === f.status) &&
      (!f.ids || f.ids.has(c.id)) &&
      (!hasLabels || matchesLabels(c, f.labels)),
  );
}

export type SortKey = 'name' | 'health' | 'uptime' | 'latency' | 'transition';
export const SORT_KEYS: readonly SortKey[] = ['name', 'health', 'uptime', 'latency', 'transition'];

const HEALTH_ORDER: Record<string, number> = { unhealthy: 0, mixed: 1, warning: 2, unknown: 3, healthy: 4 };

function sortValue(c: CheckSummary, key: SortKey): number | string {
  switch (key) {
    case 'name':
      return c.name.toLowerCase();
    case 'health':
      return HEALTH_ORDER[checkHealth(c)] ?? 9;
    case 'uptime':
      return uptimePercent(c) ?? -1;
    case 'latency':
      return c.latency?.rolling1h ?? c.latency?.p95 ?? -1;
    case 'transition':
      return c.last_transition_time ? Date.parse(c.last_transition_time) : 0;
  }
}

export function sortChecks(checks: CheckSummary[], key: SortKey, desc: boolean): CheckSummary[] {
  const dir = desc ? -1 : 1;
  const keyed = checks.map((c) => [sortValue(c, key), c] as const);
  keyed.sort(([a], [b]) => (a < b ? -dir : a > b ? dir : 0));
  return keyed.map(([, c]) => c);
}

export type GroupRow = {
  kind: 'group';
  id: string;
  label: string;
  health: HealthStatus | 'mixed';
  count: number;
  uptime: { passed: number; failed: number };
  latency: number | undefined;
  lastTransition: string | undefined;
  expanded: boolean;
};
export type CheckRow = { kind: 'check'; id: string; check: CheckSummary; nested: boolean };
export type DashboardRow = GroupRow | CheckRow;

/**
 * Rows for the table: with grouping, a group row (aggregated health, uptime, worst latency,
 * latest transition) followed by its checks when expanded. Groups are ordered by label,
 * checks inside by the chosen sort. A group holding a single check shows just the check.
 */
export function buildRows(
  checks: readonly CheckSummary[],
  groupBy: string,
  sort: { key: SortKey; desc: boolean },
  collapsed: ReadonlySet<string>,
): DashboardRow[] {
  const sorted = sortChecks([...checks], sort.key, sort.desc);
  if (groupBy === 'no_group')
    return sorted.map((c) => ({ kind: 'check', id: c.id, check: c, nested: false }));
  const groups = new Map<string, CheckSummary[]>();
  for (const c of sorted) {
    const k = groupKey(c, groupBy);
    let list = groups.get(k);
    if (!list) groups.set(k, (list = []));
    list.push(c);
  }
  const keys = [...groups.keys()].sort((a, b) => a.localeCompare(b));
  const out: DashboardRow[] = [];
  for (const k of keys) {
    const children = groups.get(k) ?? [];
    if (children.length === 1 && children[0]) {
      out.push({ kind: 'check', id: children[0].id, check: children[0], nested: false });
      continue;
    }
    const id = `group:${k}`;
    let passed = 0;
    let failed = 0;
    let latency: number | undefined;
    let lastTransition: string | undefined;
    for (const c of children) {
      passed += c.uptime?.passed ?? 0;
      failed += c.uptime?.failed ?? 0;
      const l = c.latency?.rolling1h ?? c.latency?.p95 ?? undefined;
      if (l !== undefined && l !== null && (latency === undefined || l > latency)) latency = l;
      if (c.last_transition_time && (!lastTransition || c.last_transition_time > lastTransition))
        lastTransition = c.last_transition_time;
    }
    const expanded = !collapsed.has(id);
    out.push({
      kind: 'group',
      id,
      label: k || 'none',
      health: groupHealth(children),
      count: children.length,
      uptime: { passed, failed },
      latency,
      lastTransition,
      expanded,
    });
    if (expanded) for (const c of children) out.push({ kind: 'check', id: c.id, check: c, nested: true });
  }
  return out;
}
