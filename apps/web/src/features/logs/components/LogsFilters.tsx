import { describeShortRange } from '@opsdeck/shared';
import { RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.js';
import { Select } from '../../../ui/Select.js';
import type { ComponentWithLogs } from '../api/logsApi.js';
import { LOG_QUERY_DEBOUNCE_MS, START_PRESETS, type LogsParams } from '../lib/useLogsParams.js';

const START_OPTIONS = START_PRESETS.map((s) => ({ value: s, label: describeShortRange(s) }));

type Props = {
  params: LogsParams;
  /** The selector shown: the URL's, else the component's first. */
  selector: string;
  components: ComponentWithLogs[];
  onChange: (update: Partial<LogsParams>) => void;
  onRefresh: () => void;
  refreshing: boolean;
};

/** Component and Selector pickers, the search box (to the URL after 500 ms), start, refresh. */
export function LogsFilters({ params, selector, components, onChange, onRefresh, refreshing }: Props) {
  const [text, setText] = useState(params.query);
  const debounced = useDebouncedValue(text, LOG_QUERY_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== params.query) onChange({ query: debounced });
    // Only the debounced text drives the URL; the URL does not echo back into the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const component = components.find((c) => c.id === params.topologyId);

  return (
    <div className="flex flex-wrap items-center gap-2" role="search" aria-label="Log filters">
      <Select
        label="Component"
        value={params.topologyId}
        // A new component starts from its first selector.
        onChange={(v) => onChange({ topologyId: v, logsSelector: '' })}
        options={[{ value: '', label: 'none' }, ...components.map((c) => ({ value: c.id, label: c.name }))]}
      />
      {component ? (
        <Select
          label="Selector"
          value={selector}
          onChange={(v) => onChange({ logsSelector: v })}
          options={component.logs.map((l) => ({ value: l.name, label: l.name }))}
        />
      ) : null}
      <label className="relative flex min-w-64 flex-1 items-center">
        <Search className="pointer-events-none absolute left-2.5 size-4 text-muted" aria-hidden />
        <input
          className="input w-full pl-8"
          type="search"
          placeholder="Search"
          aria-label="Search logs"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <Select
        label="Start"
        value={params.start}
        onChange={(v) => onChange({ start: v })}
        options={START_OPTIONS}
      />
      <button
        type="button"
        className="btn btn-icon"
        aria-label="Refresh"
        onClick={onRefresh}
        disabled={!params.topologyId}
      >
        <RefreshCw className={refreshing ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
      </button>
    </div>
  );
}
