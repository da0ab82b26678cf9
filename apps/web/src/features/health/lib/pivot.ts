import type { CheckSummary } from '../api/types.js';
import { checkHealth, groupKey, type HealthStatus, type Option } from './checks.js';

/**
 * The dashboard's pivot view (`pivotBy`, `pivotLabel`, `pivotCellType`), as Mission Control's
 * console has it: the checks' namespaces, or the values of one label, become columns, and each
 * cell shows one figure of the checks in it.
 */

export const PIVOT_BY_OPTIONS: Option[] = [
  { value: 'none', label: 'None' },
  { value: 'namespace', label: 'Namespace' },
  { value: 'labels', label: 'Labels' },
];

/** What a cell shows; `checkStatuses` (the console's name for Health) and `status` are the same. */
export const PIVOT_CELL_TYPES: Option[] = [
  { value: 'uptime', label: 'Uptime' },
  { value: 'checkStatuses', label: 'Health' },
  { value: 'latency', label: 'Latency' },
  { value: 'last_transition_time', label: 'Transition' },
];
export const DEFAULT_PIVOT_CELL_TYPE = 'uptime';

export type PivotCellType = 'uptime' | 'health' | 'latency' | 'transition';

export type Pivot = {
  /** 'namespace', or 'labels' with the label key in `label`. */
  by: 'namespace' | 'labels';
  label: string | null;
  cell: PivotCellType;
};

/** The column of checks without a value for the pivot, always last. */
export const OTHER_COLUMN = 'other';

const CELL_TYPES: Record<string, PivotCellType> = {
  uptime: 'uptime',
  checkStatuses: 'health',
  status: 'health',
  latency: 'latency',
  last_transition_time: 'transition',
};

/**
 * The pivot the URL asks for, or null for the plain table: pivotBy 'namespace', or 'labels'
 * with a pivotLabel; an unknown or missing cell type shows uptime.
 */
export function pivotOf(p: {
  pivotBy: string | null;
  pivotLabel: string | null;
  pivotCellType: string | null;
}): Pivot | null {
  const cell = CELL_TYPES[p.pivotCellType ?? ''] ?? 'uptime';
  if (p.pivotBy === 'namespace') return { by: 'namespace', label: null, cell };
  if (p.pivotBy === 'labels' && p.pivotLabel) return { by: 'labels', label: p.pivotLabel, cell };
  return null;
}

/** The column a check falls in: its namespace or its value of the label; OTHER_COLUMN without one. */
export function pivotColumn(c: CheckSummary, pivot: Pivot): string {
  const v = pivot.by === 'namespace' ? c.namespace : pivot.label ? c.labels?.[pivot.label] : undefined;
  return v === undefined || v === null || v === '' ? OTHER_COLUMN : String(v);
}

/** The checks of one row that fall in one column, with their figures combined. */
export type PivotCell = {
  checks: CheckSummary[];
  /** 'mixed' when the checks differ. */
  health: HealthStatus | 'mixed';
  uptime: { passed: number; failed: number };
  /** The slowest check's latency (1 h rolling, else p95). */
  latency: number | undefined;
  /** The latest transition. */
  lastTransition: string | undefined;
};

export type PivotRow = { id: string; label: string; cells: Record<string, PivotCell> };

function cellOf(checks: CheckSummary[]): PivotCell {
  const healths = new Set(checks.map(checkHealth));
  const [only] = healths;
  let latency: number | undefined;
  let lastTransition: string | undefined;
  let passed = 0;
  let failed = 0;
  for (const c of checks) {
    passed += c.uptime?.passed ?? 0;
    failed += c.uptime?.failed ?? 0;
    const ms = c.latency?.rolling1h ?? c.latency?.p95 ?? undefined;
    if (ms !== undefined && ms !== null && (latency === undefined || ms > latency)) latency = ms;
    const t = c.last_transition_time ?? undefined;
    if (t && (!lastTransition || Date.parse(t) > Date.parse(lastTransition))) lastTransition = t;
  }
  return {
    checks,
    health: healths.size === 1 && only ? only : 'mixed',
    uptime: { passed, failed },
    latency,
    lastTransition,
  };
}

/**
 * Rows and columns of the pivot. A row is a group of the dashboard's Group By (without
 * grouping, the checks of one name, so the same check in several namespaces or clusters lines
 * up); rows keep the server's order. Columns are the pivot's values in alphabetical order, with
 * OTHER_COLUMN last.
 */
export function buildPivot(
  checks: readonly CheckSummary[],
  groupBy: string,
  pivot: Pivot,
): { columns: string[]; rows: PivotRow[] } {
  const byRow = new Map<string, Map<string, CheckSummary[]>>();
  const columns = new Set<string>();
  for (const c of checks) {
    const row = groupBy === 'no_group' ? c.name : groupKey(c, groupBy);
    const column = pivotColumn(c, pivot);
    columns.add(column);
    let cells = byRow.get(row);
    if (!cells) byRow.set(row, (cells = new Map()));
    cells.set(column, [...(cells.get(column) ?? []), c]);
  }
  const sorted = [...columns].filter((c) => c !== OTHER_COLUMN).sort((a, b) => a.localeCompare(b));
  if (columns.has(OTHER_COLUMN)) sorted.push(OTHER_COLUMN);
  const rows = [...byRow].map(([label, cells]) => ({
    id: `pivot:${label}`,
    label: label || 'none',
    cells: Object.fromEntries([...cells].map(([column, list]) => [column, cellOf(list)])),
  }));
  return { columns: sorted, rows };
}
