import { INCIDENT_STATUS_TARGETS, type IncidentStatus } from '@opsdeck/shared';
import { useState } from 'react';
import { Select } from '../../../ui/Select.js';
import { useSetStatus } from '../api/useIncident.js';
import type { Incident } from '../api/types.js';
import { label } from '../lib/filters.js';
import { StatusDialog } from './StatusDialog.js';

/** Statuses that first ask which evidence makes up the definition of done. */
const ASKS_FOR_DOD: ReadonlySet<IncidentStatus> = new Set(['mitigated', 'resolved']);

/** The header's status dropdown (the allowed moves) and its Close/Reopen button. */
export function StatusControl({ incident, canWrite }: { incident: Incident; canWrite: boolean }) {
  const setStatus = useSetStatus(incident.id);
  const [asking, setAsking] = useState<IncidentStatus | undefined>();
  const options = INCIDENT_STATUS_TARGETS[incident.status].map((s) => ({ value: s, label: label(s) }));
  const choose = (value: string) => {
    const status = INCIDENT_STATUS_TARGETS[incident.status].find((s) => s === value);
    if (!status || status === incident.status) return;
    if (ASKS_FOR_DOD.has(status)) setAsking(status);
    else setStatus.mutate({ status });
  };
  const closed = incident.status === 'closed';
  return (
    <div className="flex items-center gap-2">
      {canWrite ? (
        <>
          <Select label="Status" value={incident.status} onChange={choose} options={options} />
          <button
            type="button"
            className="btn"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ status: closed ? 'open' : 'closed' })}
          >
            {closed ? 'Reopen' : 'Close'}
          </button>
        </>
      ) : (
        <span className="font-medium">{label(incident.status)}</span>
      )}
      {asking ? (
        <StatusDialog
          incidentId={incident.id}
          busy={setStatus.isPending}
          onCancel={() => setAsking(undefined)}
          onSkip={() => setStatus.mutate({ status: asking }, { onSettled: () => setAsking(undefined) })}
          onSubmit={(evidenceIds) =>
            setStatus.mutate({ status: asking, evidenceIds }, { onSettled: () => setAsking(undefined) })
          }
        />
      ) : null}
    </div>
  );
}
