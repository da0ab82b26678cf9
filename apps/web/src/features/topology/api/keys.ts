import type { TreeFilters } from './types.js';

/** Every query key of the topology area; `all` reaches them all (linking a config refreshes it). */
export const topologyKeys = {
  all: ['topology'] as const,
  tree: (f: TreeFilters) => [...topologyKeys.all, 'tree', f] as const,
  names: (ids: string[]) => [...topologyKeys.all, 'names', ids] as const,
  configSearch: (text: string) => [...topologyKeys.all, 'config-search', text] as const,
  /** The side panel's sections for one component. */
  configs: (componentId: string) => [...topologyKeys.all, 'configs', componentId] as const,
  changes: (componentId: string) => [...topologyKeys.all, 'changes', componentId] as const,
  checks: (componentId: string) => [...topologyKeys.all, 'checks', componentId] as const,
  incidents: (componentId: string, filters: { type: string; status: string }) =>
    [...topologyKeys.all, 'incidents', componentId, filters] as const,
  insights: (componentId: string) => [...topologyKeys.all, 'insights', componentId] as const,
  playbookRuns: (componentId: string) => [...topologyKeys.all, 'playbook-runs', componentId] as const,
};
