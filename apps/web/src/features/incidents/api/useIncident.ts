import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IncidentStatus } from '@opsdeck/shared';
import { toast } from 'sonner';
import { fetchHistories, fetchIncident, patchEvidence, patchIncident } from './incidents.js';
import { incidentKeys } from './keys.js';

export const STATUS_UPDATED = 'Incident status updated successfully';
export const STATUS_FAILED = 'Incident status updated failed';

export function useIncident(id: string) {
  return useQuery({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => fetchIncident(id, signal),
    meta: { silent: true },
  });
}

export function useHistories(id: string) {
  return useQuery({
    queryKey: incidentKeys.histories(id),
    queryFn: ({ signal }) => fetchHistories(id, signal),
    meta: { silent: true },
  });
}

/** Refreshes the incident, its changelog and the lists after a change. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: incidentKeys.all });
}

/**
 * Moves the incident to a status, first marking the chosen evidence as definition of done
 * (the status dialog's Submit); the spec's toasts say how it went.
 */
export function useSetStatus(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ status, evidenceIds = [] }: { status: IncidentStatus; evidenceIds?: string[] }) => {
      for (const evidenceId of evidenceIds) await patchEvidence(evidenceId, { definition_of_done: true });
      await patchIncident(id, { status });
    },
    meta: { silent: true },
    onSuccess: () => toast.success(STATUS_UPDATED),
    onError: () => toast.error(STATUS_FAILED),
    onSettled: () => void refresh(),
  });
}

/** PATCH {severity, type} from the Details section. */
export function useSetSeverityType(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { severity: string; type: string }) => patchIncident(id, body),
    onSettled: () => void refresh(),
  });
}
