import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { db, page, rows } from '../../../api/postgrest.js';
import {
  checkStatusSchema,
  graphSchema,
  runNowSchema,
  type CheckStatus,
  type HistoryFilter,
} from './types.js';
import { healthKeys } from './keys.js';

export const HISTORY_PAGE_SIZE = 50;

/** One page of a check's statuses since `since`, newest first, with the exact total. */
export async function fetchCheckStatuses(
  checkId: string,
  since: Date,
  filter: HistoryFilter,
  pageIndex: number,
  signal?: AbortSignal,
): Promise<{ data: CheckStatus[]; totalEntries: number | undefined }> {
  // A located check's results at one location are kept apart from its own (docs/health.md).
  let q = db
    .from(filter.location ? 'check_location_statuses' : 'check_statuses')
    .select('check_id,time,duration,status,message,error', { count: 'exact' })
    .eq('check_id', checkId)
    .gt('time', since.toISOString());
  if (filter.location) q = q.eq('location', filter.location);
  if (filter.status) q = q.eq('status', filter.status === 'healthy');
  if (filter.minDurationMs !== undefined) q = q.gte('duration', filter.minDurationMs);
  const ordered = q
    .order('time', { ascending: false })
    .range(pageIndex * HISTORY_PAGE_SIZE, (pageIndex + 1) * HISTORY_PAGE_SIZE - 1);
  const res = await page(signal ? ordered.abortSignal(signal) : ordered);
  return { data: z.array(checkStatusSchema).parse(res.data), totalEntries: res.totalEntries };
}

export function useCheckGraph(checkId: string, start: string) {
  return useQuery({
    queryKey: healthKeys.graph(checkId, start),
    queryFn: async ({ signal }) =>
      graphSchema.parse(
        await http('/api/canary/api/graph', { query: { check: checkId, start, count: 300 }, signal }),
      ),
  });
}

const specRow = z.object({
  id: z.string(),
  spec: z.unknown(),
  canary_id: z.string(),
  labels: z.record(z.string(), z.unknown()).nullable(),
});

/** The stored check row (its spec is what the Spec tab shows). */
export function useCheckRow(checkId: string) {
  return useQuery({
    queryKey: healthKeys.check(checkId),
    queryFn: async ({ signal }) => {
      const list = await rows(
        db.from('checks').select('id,spec,canary_id,labels').eq('id', checkId).abortSignal(signal),
      );
      return list.length ? specRow.parse(list[0]) : null;
    },
  });
}

const componentLink = z.object({
  component_id: z.string(),
  components: z
    .object({ id: z.string(), name: z.string(), icon: z.string().nullish(), type: z.string().nullish() })
    .nullish(),
});
const configLink = z.object({
  config_id: z.string(),
  config_items: z.object({ name: z.string().nullish(), type: z.string().nullish() }).nullish(),
});
export type RelatedItem = { id: string; name: string; kind: 'component' | 'config'; type?: string | null };

/** Components linked to the check, and config items its spec's `relationships` select. */
export function useCheckRelationships(checkId: string, enabled: boolean) {
  return useQuery({
    queryKey: healthKeys.relationships(checkId),
    enabled,
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<RelatedItem[]> => {
      const [components, configs] = await Promise.all([
        rows(
          db
            .from('check_component_relationships')
            .select('component_id,components(id,name,icon,type)')
            .eq('check_id', checkId)
            .is('deleted_at', null)
            .abortSignal(signal),
        ),
        rows(
          db
            .from('check_config_relationships')
            .select('config_id,config_items(name,type)')
            .eq('check_id', checkId)
            .is('deleted_at', null)
            .abortSignal(signal),
        ),
      ]);
      return [
        ...z
          .array(componentLink)
          .parse(components)
          .map((r) => ({
            id: r.component_id,
            name: r.components?.name ?? r.component_id,
            type: r.components?.type,
            kind: 'component' as const,
          })),
        ...z
          .array(configLink)
          .parse(configs)
          .map((r) => ({
            id: r.config_id,
            name: r.config_items?.name ?? r.config_id,
            type: r.config_items?.type,
            kind: 'config' as const,
          })),
      ];
    },
  });
}

/** Run Now: runs the check and refreshes everything that shows its results. */
export function useRunCheckNow(checkId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      runNowSchema.parse(await http(`/api/canary/run/check/${checkId}`, { method: 'POST' })),
    onSuccess: (r) => {
      if ((r.failed ?? 0) > 0) toast.warning('Check ran: failing');
      else toast.success('Check ran: passing');
      void client.invalidateQueries({ queryKey: healthKeys.all });
    },
  });
}
