import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { topologyKeys } from './keys.js';

const linkRows = z.array(
  z.object({ config_id: z.string(), selector_id: z.string().nullable(), deleted_at: z.string().nullable() }),
);
const itemRows = z.array(
  z.object({
    id: z.string(),
    name: z.string().nullable(),
    type: z.string().nullable(),
    deleted_at: z.string().nullable(),
  }),
);
export type CatalogLink = {
  configId: string;
  name: string;
  type: string | null;
  manual: boolean;
  deleted: boolean;
};

/** The config items linked to a component, with whether each link is manual. */
export function useComponentConfigs(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.configs(componentId),
    enabled,
    queryFn: async ({ signal }): Promise<CatalogLink[]> => {
      const links = linkRows.parse(
        await rows(
          db
            .from('config_component_relationships')
            .select('config_id,selector_id,deleted_at')
            .eq('component_id', componentId)
            .is('deleted_at', null)
            .abortSignal(signal),
        ),
      );
      if (links.length === 0) return [];
      const ids = [...new Set(links.map((l) => l.config_id))];
      const items = itemRows.parse(
        await rows(
          db.from('config_items').select('id,name,type,deleted_at').in('id', ids).abortSignal(signal),
        ),
      );
      const byId = new Map(items.map((i) => [i.id, i]));
      const manual = new Set(links.filter((l) => l.selector_id === 'manual').map((l) => l.config_id));
      return ids
        .map((id) => {
          const item = byId.get(id);
          return {
            configId: id,
            name: item?.name ?? id,
            type: item?.type ?? null,
            manual: manual.has(id),
            deleted: !item || item.deleted_at !== null,
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

const changeRows = z.array(
  z.object({
    id: z.string(),
    config_id: z.string(),
    change_type: z.string().nullable(),
    severity: z.string().nullable(),
    summary: z.string().nullable(),
    created_at: z.string(),
    name: z.string().nullable(),
    type: z.string().nullable(),
  }),
);
export function useComponentChanges(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.changes(componentId),
    enabled,
    queryFn: async ({ signal }) =>
      changeRows.parse(
        await rows(
          db
            .from('changes_by_component')
            .select('id,config_id,change_type,severity,summary,created_at,name,type')
            .eq('component_id', componentId)
            .order('created_at', { ascending: false })
            .limit(50)
            .abortSignal(signal),
        ),
      ),
  });
}

const checkRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.string().nullable(),
    status: z.string().nullable(),
    namespace: z.string().nullable(),
  }),
);
export function useComponentChecks(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.checks(componentId),
    enabled,
    queryFn: async ({ signal }) =>
      checkRows.parse(
        await rows(
          db
            .from('checks_by_component')
            .select('id,name,type,status,namespace')
            .eq('component_id', componentId)
            .order('name')
            .abortSignal(signal),
        ),
      ),
  });
}

const insightRows = z.array(
  z.object({
    id: z.string(),
    analysis_type: z.string().nullable(),
    severity: z.string().nullable(),
    summary: z.string().nullable(),
    analyzer: z.string().nullable(),
    status: z.string().nullable(),
    name: z.string().nullable(),
  }),
);
export function useComponentInsights(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.insights(componentId),
    enabled,
    queryFn: async ({ signal }) =>
      insightRows.parse(
        await rows(
          db
            .from('analysis_by_component')
            .select('id,analysis_type,severity,summary,analyzer,status,name')
            .eq('component_id', componentId)
            .order('last_observed', { ascending: false })
            .limit(100)
            .abortSignal(signal),
        ),
      ),
  });
}

const runRows = z.array(
  z.object({
    id: z.string(),
    status: z.string(),
    created_at: z.string(),
    start_time: z.string().nullable(),
    playbooks: z.object({ name: z.string(), title: z.string().nullable() }).nullable(),
  }),
);
/** The component's latest playbook runs (the topology does not import the playbooks area). */
export function useComponentPlaybookRuns(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.playbookRuns(componentId),
    enabled,
    queryFn: async ({ signal }) =>
      runRows.parse(
        await rows(
          db
            .from('playbook_runs')
            .select('id,status,created_at,start_time,playbooks(name,title)')
            .eq('component_id', componentId)
            .is('parent_id', null)
            .order('created_at', { ascending: false })
            .limit(50)
            .abortSignal(signal),
        ),
      ),
  });
}
