import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import type { ParamUpdate } from '../../../lib/urlState.js';
import { agentLabel, useAgentNames } from '../../../ui/AgentBadge.js';
import { Select } from '../../../ui/Select.js';
import type { TopologyTree } from '../api/types.js';
import type { SortChoice } from '../lib/useTopologyParams.js';

type Props = {
  tree: TopologyTree | undefined;
  params: URLSearchParams;
  setParams: (u: ParamUpdate) => void;
  sort: SortChoice;
  setSort: (s: SortChoice) => void;
  agents: string[];
  headlineFields: string[];
};

const ALL = { value: 'all', label: 'All' };
const opts = (list: string[]) => [ALL, ...list.map((v) => ({ value: v, label: v }))];

/** Health, Type, Team, label and Agent filters plus the sort. */
export function TopologyFilters({ tree, params, setParams, sort, setSort, agents, headlineFields }: Props) {
  const agentNames = useAgentNames(agents.length > 1);
  const labelOptions = Object.entries(tree?.tags ?? {}).flatMap(([k, vs]) => vs.map((v) => `${k}=${v}`));
  const value = (k: string) => params.get(k) ?? 'all';
  const set = (k: string) => (v: string) => setParams({ [k]: v === 'all' ? null : v });
  const sortOptions = [
    { value: 'status', label: 'Health' },
    { value: 'name', label: 'Name' },
    { value: 'type', label: 'Type' },
    { value: 'updated_at', label: 'Last Updated' },
    ...headlineFields.map((f) => ({ value: f, label: f })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select
        label="Health"
        value={value('status')}
        onChange={set('status')}
        options={opts(tree?.healthStatuses ?? ['healthy', 'unhealthy', 'warning', 'unknown'])}
      />
      <Select label="Type" value={value('type')} onChange={set('type')} options={opts(tree?.types ?? [])} />
      <Select label="Team" value={value('team')} onChange={set('team')} options={opts(tree?.teams ?? [])} />
      <Select
        label="Label"
        value={value('labels')}
        onChange={set('labels')}
        options={opts(labelOptions)}
        className="max-w-80"
      />
      {agents.length > 1 && (
        <Select
          label="Agent"
          value={value('agent_id')}
          onChange={set('agent_id')}
          options={[ALL, ...agents.map((id) => ({ value: id, label: agentLabel(id, agentNames) }))]}
        />
      )}
      <div className="flex-1" />
      <Select
        label="Sort"
        value={sort.sortBy}
        onChange={(v) => setSort({ ...sort, sortBy: v })}
        options={
          sortOptions.some((o) => o.value === sort.sortBy)
            ? sortOptions
            : [...sortOptions, { value: sort.sortBy, label: sort.sortBy }]
        }
      />
      <button
        type="button"
        className="btn btn-icon"
        aria-label={sort.sortOrder === 'asc' ? 'Sort ascending' : 'Sort descending'}
        onClick={() => setSort({ ...sort, sortOrder: sort.sortOrder === 'asc' ? 'desc' : 'asc' })}
      >
        {sort.sortOrder === 'asc' ? (
          <ArrowUpNarrowWide className="size-4" />
        ) : (
          <ArrowDownWideNarrow className="size-4" />
        )}
      </button>
    </div>
  );
}
