import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFeatureCheck } from '../../../auth/features.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { DEFAULT_INCIDENT_FILTER, IncidentsList, type IncidentFilter } from '../../../ui/IncidentsList.js';
import { fetchConfigIncidents } from '../api/incidents.js';
import { catalogKeys } from '../api/keys.js';

/**
 * The item's incidents (`incidents_by_config`: an incident whose evidence names it), under its
 * Details: Type and Status filters (open ones first shown), a link each. Hidden when the
 * incidents feature is off.
 */
export function ConfigIncidents({ configId }: { configId: string }) {
  const incidentsOff = useFeatureCheck()('incidents');
  const [filter, setFilter] = useState<IncidentFilter>(DEFAULT_INCIDENT_FILTER);
  const incidents = useQuery({
    queryKey: catalogKeys.incidents(configId, filter),
    queryFn: ({ signal }) => fetchConfigIncidents(configId, filter, signal),
    enabled: !incidentsOff,
  });
  if (incidentsOff) return null;
  return (
    <section aria-label="Incidents" className="flex flex-col gap-1 border-t border-line/60 px-4 py-2">
      <h3 className="text-xs font-medium text-muted">Incidents</h3>
      {incidents.isError ? (
        <ErrorView error={incidents.error} onRetry={() => void incidents.refetch()} />
      ) : (
        <IncidentsList incidents={incidents.data} filter={filter} onFilter={setFilter} />
      )}
    </section>
  );
}
