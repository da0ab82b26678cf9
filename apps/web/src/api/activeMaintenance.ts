import { activeMaintenanceSchema, type ActiveMaintenance } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from './http.js';

/** At most this many ids per request (the endpoint's limit). */
const MAX_IDS = 1000;

/**
 * Which of the given checks, components or config items are under a maintenance window now
 * (GET /api/maintenance/active): id → window name and end. Refreshed every minute; pages that
 * show badges ask for the ids on screen.
 */
export function useActiveMaintenance(ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort().slice(0, MAX_IDS);
  return useQuery({
    queryKey: ['maintenance', 'active', sorted] as const,
    queryFn: async ({ signal }): Promise<ActiveMaintenance> =>
      sorted.length === 0
        ? {}
        : activeMaintenanceSchema.parse(
            await http('/api/maintenance/active', { query: { ids: sorted.join(',') }, signal }),
          ),
    enabled: sorted.length > 0,
    refetchInterval: 60_000,
    staleTime: 30_000,
    meta: { silent: true },
  });
}
