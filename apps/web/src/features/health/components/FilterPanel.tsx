import { Switch } from 'radix-ui';
import { cn } from '../../../lib/cn.js';
import { Select } from '../../../ui/Select.js';
import { TriStateFilter } from '../../../ui/TriStateFilter.js';
import type { TriStateMap } from '../../../ui/triState.js';
import { labelFilterKey, type Option } from '../lib/checks.js';
import { PIVOT_BY_OPTIONS, PIVOT_CELL_TYPES } from '../lib/pivot.js';

type LabelGroup = { key: string; values: string[]; boolean: boolean };

/** The pivot's settings as the URL holds them ('none' when off), and where changes go. */
export type PivotControls = {
  pivotBy: string;
  pivotLabel: string;
  pivotCellType: string;
  /** Label keys to pivot on (those with other values than true and false). */
  labelKeys: string[];
  onPivotBy: (v: string) => void;
  onPivotLabel: (v: string) => void;
  onPivotCellType: (v: string) => void;
};

type Props = {
  hidePassing: boolean;
  onHidePassing: (v: boolean) => void;
  groupBy: string;
  groupByOptions: Option[];
  onGroupBy: (v: string) => void;
  tabBy: string;
  tabByOptions: Option[];
  onTabBy: (v: string) => void;
  labels: LabelGroup[];
  labelFilters: TriStateMap;
  onLabelFilters: (next: TriStateMap) => void;
  /** Pivot By and its settings; only the table layout pivots. */
  pivot?: PivotControls | undefined;
  /** Inside the phone drawer: fills it, without the card's frame. */
  inDrawer?: boolean;
};

export function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex h-7 cursor-pointer items-center justify-between gap-2">
      <span className="truncate">{label}</span>
      <Switch.Root
        checked={checked}
        onCheckedChange={onChange}
        aria-label={label}
        className={cn(
          'relative h-4.5 w-8 shrink-0 rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-line',
        )}
      >
        <Switch.Thumb
          className={cn(
            'block size-3.5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-4' : 'translate-x-0.5',
          )}
        />
      </Switch.Root>
    </label>
  );
}

/** Pivot By, then the pivot's Cell Type and, pivoting by labels, its Pivot Label. */
function PivotSelects(p: PivotControls) {
  const pivoting = p.pivotBy !== 'none';
  return (
    <>
      <Select
        label="Pivot By"
        value={p.pivotBy}
        onChange={p.onPivotBy}
        options={PIVOT_BY_OPTIONS}
        className="w-full"
      />
      {pivoting ? (
        <Select
          label="Cell Type"
          value={p.pivotCellType}
          onChange={p.onPivotCellType}
          options={PIVOT_CELL_TYPES}
          className="w-full"
        />
      ) : null}
      {p.pivotBy === 'labels' ? (
        <Select
          label="Pivot Label"
          value={p.pivotLabel}
          onChange={p.onPivotLabel}
          options={[
            ...(p.pivotLabel ? [] : [{ value: '', label: 'Choose a label' }]),
            ...(p.pivotLabel && !p.labelKeys.includes(p.pivotLabel) ? [p.pivotLabel] : []),
            ...p.labelKeys,
          ].map((o) => (typeof o === 'string' ? { value: o, label: o } : o))}
          className="w-full"
        />
      ) : null}
    </>
  );
}

/** The dashboard's left panel: Hide Passing, grouping, pivot, tabs and label filters. */
export function FilterPanel(p: Props) {
  /** Labels of one key, as a tri-state map of its values (the URL keeps 'key=value'). */
  const forKey = (key: string): TriStateMap => {
    const out: TriStateMap = {};
    for (const [kv, s] of Object.entries(p.labelFilters))
      if (kv.startsWith(`${key}=`)) out[kv.slice(key.length + 1)] = s;
    return out;
  };
  const setKey = (key: string, next: TriStateMap) => {
    const rest: TriStateMap = {};
    for (const [kv, s] of Object.entries(p.labelFilters)) if (!kv.startsWith(`${key}=`)) rest[kv] = s;
    for (const [v, s] of Object.entries(next)) rest[labelFilterKey(key, v)] = s;
    p.onLabelFilters(rest);
  };
  const booleans = p.labels.filter((l) => l.boolean);
  const multi = p.labels.filter((l) => !l.boolean);
  return (
    <aside
      className={cn('flex shrink-0 flex-col gap-4 overflow-y-auto p-3', p.inDrawer ? 'w-full' : 'card w-60')}
      aria-label="Health filters"
    >
      <Toggle label="Hide Passing" checked={p.hidePassing} onChange={p.onHidePassing} />
      <Select
        label="Group By"
        value={p.groupBy}
        onChange={p.onGroupBy}
        options={p.groupByOptions}
        className="w-full"
      />
      {p.pivot ? <PivotSelects {...p.pivot} /> : null}
      <Select
        label="Tab By"
        value={p.tabBy}
        onChange={p.onTabBy}
        options={p.tabByOptions}
        className="w-full"
      />
      {booleans.length > 0 ? (
        <fieldset className="flex flex-col">
          <legend className="mb-1 text-xs font-semibold text-muted">Flags</legend>
          {booleans.map((l) => (
            <Toggle
              key={l.key}
              label={l.key}
              checked={p.labelFilters[labelFilterKey(l.key, 'true')] === 1}
              onChange={(on) => setKey(l.key, on ? { true: 1 } : {})}
            />
          ))}
        </fieldset>
      ) : null}
      {multi.map((l) => (
        <TriStateFilter
          key={l.key}
          label={l.key}
          options={l.values.map((v) => ({ value: v }))}
          value={forKey(l.key)}
          onChange={(next) => setKey(l.key, next)}
        />
      ))}
    </aside>
  );
}
