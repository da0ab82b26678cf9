import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../ui/Modal.js';
import { fetchIncidentEvidences } from '../api/incidents.js';
import { incidentKeys } from '../api/keys.js';

export const STATUS_DIALOG_TITLE = 'Add contributing factors to definition of done';
export const NONE_SELECTED = 'Please select atleast one evidence';
export const LOADING_EVIDENCES = 'Loading evidences please wait...';
export const NO_EVIDENCE = 'There are no evidences provided for this incident';
export const NO_OPEN_EVIDENCE = 'There are no evidences which are not part of definition of done';

type Props = {
  incidentId: string;
  busy: boolean;
  /** Submit: the chosen evidence ids (at least one). */
  onSubmit: (evidenceIds: string[]) => void;
  /** Skip: the status alone. */
  onSkip: () => void;
  onCancel: () => void;
};

/** Before mitigated or resolved: which evidence says the incident is done. Cancel changes nothing. */
export function StatusDialog({ incidentId, busy, onSubmit, onSkip, onCancel }: Props) {
  const evidences = useQuery({
    queryKey: incidentKeys.evidences(incidentId),
    queryFn: ({ signal }) => fetchIncidentEvidences(incidentId, signal),
    meta: { silent: true },
  });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>();
  // Evidence already in the definition of done has nothing to add.
  const candidates = (evidences.data ?? []).filter((e) => !e.definition_of_done);
  const toggle = (id: string) => {
    setError(undefined);
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const submit = () => {
    if (chosen.size === 0) setError(NONE_SELECTED);
    else onSubmit([...chosen]);
  };

  let body;
  if (evidences.isPending) body = <p className="text-muted">{LOADING_EVIDENCES}</p>;
  else if (evidences.isError) body = <p role="alert">{evidences.error.message}</p>;
  else if (evidences.data.length === 0) body = <p className="text-muted">{NO_EVIDENCE}</p>;
  else if (candidates.length === 0) body = <p className="text-muted">{NO_OPEN_EVIDENCE}</p>;
  else
    body = (
      <ul className="space-y-1.5">
        {candidates.map((e) => (
          <li key={e.id}>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={chosen.has(e.id)} onChange={() => toggle(e.id)} />
              <span>{e.description || e.type}</span>
            </label>
          </li>
        ))}
      </ul>
    );

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={STATUS_DIALOG_TITLE}
      size="md"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn" onClick={onSkip} disabled={busy}>
            Skip
          </button>
          <button type="button" className="btn btn-primary" onClick={submit} disabled={busy}>
            Submit
          </button>
        </>
      }
    >
      {body}
      {error ? (
        <p role="alert" className="mt-2 text-health-unhealthy">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
