import { formatDateTime } from '@opsdeck/shared';
import { ErrorView } from '../../../ui/ErrorView.js';
import { useHistories } from '../api/useIncident.js';

export const NO_CHANGELOG = 'No changelog found';

/** What each changelog entry type says happened (the description says what to). */
const HISTORY_LABELS: Readonly<Record<string, string>> = {
  'incident.created': 'created the incident',
  'incident.status_updated': 'changed the status',
  'responder.created': 'added a responder',
  'evidence.created': 'added evidence',
  'evidence.done_definition_added': 'added to the definition of done',
  'responder.commented': 'commented',
  'responder.comment_edited': 'edited a comment',
  'hypothesis.created': 'added a hypothesis',
  'hypothesis.status_updated': 'changed a hypothesis',
};

/** Changelog: the incident's history, newest first, with who made each change. */
export function ChangelogSection({ incidentId }: { incidentId: string }) {
  const histories = useHistories(incidentId);
  if (histories.isPending) return <p className="text-muted">Loading...</p>;
  if (histories.isError)
    return <ErrorView error={histories.error} onRetry={() => void histories.refetch()} />;
  if (histories.data.length === 0) return <p className="text-muted">{NO_CHANGELOG}</p>;
  return (
    <ol className="space-y-2">
      {histories.data.map((h) => (
        <li key={h.id} data-testid="history">
          <span className="block">
            <span className="font-semibold">{h.person?.name ?? 'Opsdeck'} </span>
            {HISTORY_LABELS[h.type] ?? h.type}
            {h.description ? <span className="text-muted">: {h.description}</span> : null}
          </span>
          <time className="text-xs text-muted" dateTime={h.created_at}>
            {formatDateTime(h.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
