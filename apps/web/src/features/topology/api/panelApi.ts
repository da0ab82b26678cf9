import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { topologyKeys } from './keys.js';
import { LINKED_INCIDENT_COLUMNS, linkedIncidentSchema } from '../../../api/linkedIncidents.js';

const linkRows = z.array(
  z.object({
    config_id: z.string(),
    selector_id: z.string().nullable(),
    linked_component_id: z.string(),
    name: z.string().nullable(),
    type: z.string().nullable(),
    deleted_at: z.string().nullable(),
  }),
);
export type CatalogLink = {
  configId: string;
  name: string;
  type: string | null;
  /** A manual link on this component itself: it can be unlinked here. */
  manual: boolean;
  deleted: boolean;
};

/**
 * The config items linked to a component or to a component below it (configs_by_component),
 * as its card's summary counts them.
 */
export function useComponentConfigs(componentId: string, enabled: boolean) {
  return useQuery({
    queryKey: topologyKeys.configs(componentId),
    enabled,
    queryFn: async ({ signal }): Promise<CatalogLink[]> => {
      const links = linkRows.parse(
        await rows(
          db
            .from('configs_by_component')
            .select('config_id,selector_id,linked_component_id,name,type,deleted_at')
            .eq('component_id', componentId)
            .abortSignal(signal),
        ),
      );
      return links
        .map((l) => ({
          configId: l.config_id,
          name: l.name ?? l.config_id,
          type: l.type,
          manual: l.selector_id === 'manual' && l.linked_component_id === componentId,
          deleted: l.name === null || l.deleted_at !== null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}

const incidentRows = z.array(linkedIncidentSchema);

/** Incidents whose evidence points at the component or below it; 'all' leaves a filter out. */
export function useComponentIncidents(
  componentId: string,
  filters: { type: string; status: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: topologyKeys.incidents(componentId, filters),
    enabled,
    queryFn: async ({ signal }) => {
      let q = db
        .from('incidents_by_component')
        .select(LINKED_INCIDENT_COLUMNS)
        .eq('component_id', componentId)
        .order('created_at', { ascending: false })
        .limit(100);
      if (filters.type !== 'all') q = q.eq('type', filters.type);
      if (filters.status !== 'all') q = q.eq('status', filters.status);
      return incidentRows.parse(await rows(q.abortSignal(signal)));
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
