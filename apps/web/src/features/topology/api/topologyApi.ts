import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { downloadFile } from '../../../api/download.js';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';
import { db, rows } from '../../../api/postgrest.js';
import { treeSchema, type TopologyTree, type TreeFilters } from './types.js';
import { topologyKeys } from './keys.js';

export async function fetchTree(f: TreeFilters, signal?: AbortSignal): Promise<TopologyTree> {
  const body = await http('/api/canary/api/topology', {
    signal,
    query: {
      id: f.id,
      status: f.status,
      type: f.type,
      team: f.team,
      labels: f.labels,
      agent_id: f.agent_id,
      sortBy: f.sortBy,
      sortOrder: f.sortOrder,
      hidden: f.hidden ? 'true' : undefined,
      // A chosen type lists matching components at any depth.
      flatten: f.type ? 'true' : undefined,
      // The page shows cards and, on each, its children: nothing deeper. The API's default
      // (3) sent every pod of a 50k-component estate (55 MB) to draw a hundred cards.
      depth: '1',
    },
  });
  return treeSchema.parse(body);
}

/** A tree request started while the page's code loads (see `prefetchTree`). */
let early: { key: string; at: number; promise: Promise<TopologyTree> } | undefined;
const EARLY_MAX_AGE_MS = 10_000;

/** Starts the page's one large request alongside its code; the page's query picks it up. */
export function prefetchTree(f: TreeFilters): void {
  const promise = fetchTree(f);
  promise.catch(() => undefined); // the page's own query reports errors
  early = { key: JSON.stringify(f), at: Date.now(), promise };
}

function takeEarly(f: TreeFilters): Promise<TopologyTree> | undefined {
  const e = early;
  early = undefined;
  return e && e.key === JSON.stringify(f) && Date.now() - e.at < EARLY_MAX_AGE_MS ? e.promise : undefined;
}

export function useTopologyTree(f: TreeFilters) {
  return useQuery({
    queryKey: topologyKeys.tree(f),
    queryFn: ({ signal }) => takeEarly(f) ?? fetchTree(f, signal),
    refetchInterval: 30_000,
  });
}

const nameRows = z.array(z.object({ id: z.string(), name: z.string() }));

/** Names of the ancestors in a component's path (dot-separated ids), for the breadcrumb. */
export function useComponentNames(ids: string[]) {
  return useQuery({
    queryKey: topologyKeys.names(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const q = db.from('component_names').select('id,name').in('id', ids).abortSignal(signal);
      const list = nameRows.parse(await rows(q));
      return new Map(list.map((r) => [r.id, r.name]));
    },
  });
}

/** GET the snapshot zip and hand it to the browser as a download. */
export async function downloadSnapshot(id: string, start: string, related: boolean): Promise<void> {
  const params = new URLSearchParams({ start, related: String(related) });
  await downloadFile(`/api/snapshot/topology/${id}?${params}`, { timeoutMs: 120_000 }, `snapshot-${id}.zip`);
}

const configRows = z.array(
  z.object({ id: z.string(), name: z.string().nullable(), type: z.string().nullable() }),
);
export type ConfigOption = z.infer<typeof configRows>[number];

/** Config items by name for the 'Link to catalog' picker: at most 50. */
export async function searchConfigs(text: string, signal?: AbortSignal): Promise<ConfigOption[]> {
  let q = db.from('config_items').select('id,name,type').is('deleted_at', null).order('name').limit(50);
  const t = text.replace(/[*,()]/g, ' ').trim();
  if (t) q = q.ilike('name', `*${t}*`);
  return configRows.parse(await rows(signal ? q.abortSignal(signal) : q));
}

export async function linkConfig(componentId: string, configId: string): Promise<void> {
  const res = await db
    .from('config_component_relationships')
    .insert({ component_id: componentId, config_id: configId, selector_id: 'manual' });
  if (res.error) throw new HttpError(res.error.message.replace(/^HttpError: /, ''), res.status, res.error);
}

export async function unlinkConfig(componentId: string, configId: string): Promise<void> {
  const res = await db
    .from('config_component_relationships')
    .delete()
    .eq('component_id', componentId)
    .eq('config_id', configId)
    .eq('selector_id', 'manual');
  if (res.error) throw new HttpError(res.error.message.replace(/^HttpError: /, ''), res.status, res.error);
}
