import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import type { ParamUpdate } from '../../../lib/urlState.js';
import { MultiSelect } from '../../../ui/MultiSelect.js';
import { Select } from '../../../ui/Select.js';
import { useConfigLabels, useConfigStatuses, useConfigTags, useConfigTypes } from '../api/lookups.js';
import { formatLabels, parseLabels, type CatalogParams } from '../lib/catalogParams.js';
import { Preferences } from './Preferences.js';

const GROUP_COLUMNS = [
  { value: 'config_class', label: 'Class' },
  { value: 'type', label: 'Type' },
  { value: 'status', label: 'Status' },
  { value: 'health', label: 'Health' },
  { value: 'namespace', label: 'Namespace' },
];

const HEALTH = ['unhealthy', 'healthy', 'unknown', 'warning'];

type Props = {
  params: CatalogParams;
  set: (u: ParamUpdate) => void;
  hideDeleted: boolean;
  setHideDeleted: (v: boolean) => void;
  /** Option lists wait until the rows are shown: at 100k items they are not free to compute. */
  loadOptions: boolean;
};

/** Type, Group By, Labels, Status, Health, search and preferences. */
export function CatalogFilterBar({ params, set, hideDeleted, setHideDeleted, loadOptions }: Props) {
  const types = useConfigTypes({ enabled: loadOptions });
  const statuses = useConfigStatuses({ enabled: loadOptions });
  const tags = useConfigTags({ enabled: loadOptions });
  const labels = useConfigLabels({ enabled: loadOptions });

  const [text, setText] = useState(params.search);
  const search = useDebouncedValue(text.trim(), DEBOUNCE.filter);
  useEffect(() => {
    if (search !== params.search) set({ search, pageIndex: null });
    // Only the debounced text drives the URL; the URL does not echo back into the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const tagKeys = [...new Set((tags.data ?? []).map((t) => t.key))].sort();
  const groupOptions = [
    ...GROUP_COLUMNS,
    ...tagKeys.map((k) => ({ value: `tags.${k}`, label: `Tag: ${k}` })),
  ];
  const labelOptions = (labels.data ?? []).map((l) => ({
    value: `${l.key}=${l.value ?? ''}`,
    label: `${l.key}=${l.value ?? ''}`,
  }));
  const selectedLabels = Object.entries(parseLabels(params.labels)).map(([k, v]) => `${k}=${v}`);

  return (
    <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Catalog filters">
      <Select
        label="Type"
        value={params.configType}
        onChange={(v) => set({ configType: v, type: null, pageIndex: null })}
        options={[{ value: '', label: 'All' }, ...(types.data ?? []).map((t) => ({ value: t, label: t }))]}
      />
      <MultiSelect
        label="Group By"
        value={params.groupBy}
        options={groupOptions}
        // The choice shown includes groupByProp's tag: from here on groupBy alone holds it.
        onChange={(v) => set({ groupBy: v.join(',') || null, groupByProp: null })}
      />
      <MultiSelect
        label="Labels"
        value={selectedLabels}
        options={labelOptions}
        onChange={(v) => set({ labels: formatLabels(parseLabels(v.join(','))) || null, pageIndex: null })}
      />
      <Select
        label="Status"
        value={params.status}
        onChange={(v) => set({ status: v, pageIndex: null })}
        options={[{ value: '', label: 'All' }, ...(statuses.data ?? []).map((s) => ({ value: s, label: s }))]}
      />
      <Select
        label="Health"
        value={params.health}
        onChange={(v) => set({ health: v, pageIndex: null })}
        options={[{ value: '', label: 'All' }, ...HEALTH.map((h) => ({ value: h, label: h }))]}
      />
      <label className="relative flex items-center">
        <Search className="pointer-events-none absolute left-2.5 size-3.5 text-muted" aria-hidden />
        <input
          className="input w-64 pl-8"
          placeholder="Search for configs"
          aria-label="Search for configs"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="flex-1" />
      <Preferences
        prefs={[{ label: 'Hide Deleted Catalog', value: hideDeleted, onChange: setHideDeleted }]}
      />
    </div>
  );
}
