import { formatDateTime } from '@opsdeck/shared';
import { ErrorView } from '../../../ui/ErrorView.js';
import { useHistories } from '../api/useIncident.js';

export const NO_CHANGELOG = 'No changelog found';

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
            {h.person?.name ? <span className="font-semibold">{h.person.name} </span> : null}
            {h.description ?? h.type}
          </span>
          <time className="text-xs text-muted" dateTime={h.created_at}>
            {formatDateTime(h.created_at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
