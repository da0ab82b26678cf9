import type { DashboardGroup, DashboardPage } from '../api/dashboard.js';
import type { CheckSummary } from '../api/types.js';

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

export type Option = { value: string; label: string };

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

/** Tabs: 'All' first, then the server's values sorted alphabetically, each with its count. */
export function tabsFrom(
  tabs: readonly DashboardPage['tabs'][number][],
): Array<{ value: string; count: number }> {
  const rest = [...tabs].sort((a, b) => a.value.localeCompare(b.value));
  return [{ value: ALL_TAB, count: rest.reduce((n, t) => n + t.count, 0) }, ...rest];
}

/** Label filters are stored as tri-state maps keyed 'key=value'. */
export function labelFilterKey(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Label values per key (from the server), sorted, with boolean-valued keys told apart (they get an on/off toggle). */
export function labelOptions(
  labels: readonly DashboardPage['labels'][number][],
): Array<{ key: string; values: string[]; boolean: boolean }> {
  return [...labels]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ key, values: unsorted }) => {
      const values = [...unsorted].sort((a, b) => a.localeCompare(b));
      return { key, values, boolean: values.every((v) => v === 'true' || v === 'false') };
    });
}

export type HealthStatus = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

export function checkHealth(c: CheckSummary): HealthStatus {
  if (c.status === 'healthy') return 'healthy';
  if (c.status === 'unhealthy') return 'unhealthy';
  if (c.status === 'warning') return 'warning';
  return 'unknown';
}

export function uptimePercent(c: { uptime?: { passed: number; failed: number } | null }): number | undefined {
  const p = c.uptime?.passed ?? 0;
  const f = c.uptime?.failed ?? 0;
  return p + f === 0 ? undefined : (p * 100) / (p + f);
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

const HEALTHS = new Set(['healthy', 'unhealthy', 'warning', 'unknown', 'mixed']);

/**
 * Rows for the table from the server's page, already in the dashboard's order (by group, then
 * the chosen sort): with grouping, a group row with the server's figures for the whole group
 * (aggregated health, uptime, worst latency, latest transition) before its checks, which a
 * folded group hides. A group holding a single check shows just the check.
 */
export function buildRows(
  checks: readonly CheckSummary[],
  groupBy: string,
  groups: ReadonlyMap<string, DashboardGroup>,
  collapsed: ReadonlySet<string>,
): DashboardRow[] {
  if (groupBy === 'no_group')
    return checks.map((c) => ({ kind: 'check', id: c.id, check: c, nested: false }));
  const out: DashboardRow[] = [];
  let current: string | undefined;
  for (const c of checks) {
    const k = groupKey(c, groupBy);
    const g = groups.get(k);
    if (!g || g.count <= 1) {
      out.push({ kind: 'check', id: c.id, check: c, nested: false });
      current = undefined;
      continue;
    }
    const id = `group:${k}`;
    if (k !== current) {
      current = k;
      out.push({
        kind: 'group',
        id,
        label: k || 'none',
        health: HEALTHS.has(g.health) ? (g.health as HealthStatus | 'mixed') : 'unknown',
        count: g.count,
        uptime: { passed: g.passed, failed: g.failed },
        latency: g.latency ?? undefined,
        lastTransition: g.last_transition_time ?? undefined,
        expanded: !collapsed.has(id),
      });
    }
    if (!collapsed.has(id)) out.push({ kind: 'check', id: c.id, check: c, nested: true });
  }
  return out;
}
