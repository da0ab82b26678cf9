import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEBOUNCE, useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { Select } from '../../../ui/Select.js';
import { incidentKeys } from '../api/keys.js';
import { fetchOwners } from '../api/list.js';
import {
  ALL,
  SEVERITY_OPTIONS,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  type IncidentFilters as Filters,
} from '../lib/filters.js';

type Props = {
  filters: Filters;
  /** Sets one filter; 'all' (or '') clears it. */
  onChange: (key: keyof Filters, value: string) => void;
};

/** The list's filter bar: type, severity, status, owner, the component from a link, and search. */
export function IncidentFilters({ filters, onChange }: Props) {
  const owners = useQuery({
    queryKey: incidentKeys.owners(),
    queryFn: ({ signal }) => fetchOwners(signal),
    meta: { silent: true },
  });
  const ownerOptions = [
    { value: ALL, label: 'All' },
    ...(owners.data ?? []).map((p) => ({ value: p.id, label: p.name ?? p.id })),
  ];
  // An owner from a link shows even before (or without) the people list.
  if (filters.owner !== ALL && !ownerOptions.some((o) => o.value === filters.owner))
    ownerOptions.push({ value: filters.owner, label: filters.owner });

  // Typing stays local; the URL (and so the query) follows 400 ms after the last key.
  const [text, setText] = useState(filters.search);
  const debounced = useDebouncedValue(text, DEBOUNCE.filter);
  useEffect(() => {
    if (debounced !== filters.search) onChange('search', debounced);
    // Only the debounced text drives the URL; the URL does not echo back into the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="relative flex min-w-64 flex-1 items-center">
        <Search className="pointer-events-none absolute left-2.5 size-4 text-muted" aria-hidden />
        <input
          className="input w-full pl-8"
          type="search"
          placeholder="Search"
          aria-label="Search incidents"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <Select
        label="Type"
        value={filters.type}
        onChange={(v) => onChange('type', v)}
        options={TYPE_OPTIONS}
      />
      <Select
        label="Severity"
        value={filters.severity}
        onChange={(v) => onChange('severity', v)}
        options={SEVERITY_OPTIONS}
      />
      <Select
        label="Status"
        value={filters.status}
        onChange={(v) => onChange('status', v)}
        options={STATUS_OPTIONS}
      />
      <Select
        label="Owner"
        value={filters.owner}
        onChange={(v) => onChange('owner', v)}
        options={ownerOptions}
      />
      {filters.component ? (
        <span className="inline-flex h-8 items-center gap-1 rounded-md border border-line bg-surface px-2">
          <span className="text-muted">Component:</span> {filters.component}
          <button
            type="button"
            className="btn btn-ghost btn-icon h-6 w-6"
            aria-label="Clear component filter"
            onClick={() => onChange('component', '')}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </span>
      ) : null}
    </div>
  );
}
