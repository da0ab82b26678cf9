import { formatAge, formatDateTime, formatDuration } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import { fetchHistoryDetail } from '../api/history.js';
import { notificationKeys } from '../api/keys.js';
import { ResourceCell } from './ResourceCell.js';
import { SafeHtml } from './SafeHtml.js';
import { SendStatusBadge } from './StatusBadge.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

/** The error as JSON when it is JSON (a peer's answer), else as text. */
function errorText(error: string): string {
  try {
    return JSON.stringify(JSON.parse(error), null, 2);
  } catch {
    return error;
  }
}

/**
 * One send: resource, age, recipient, status, event, the playbook run a playbook recipient
 * started, duration, its rule, the body and the error.
 */
export function HistoryDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({
    queryKey: notificationKeys.historyDetail(id),
    queryFn: ({ signal }) => fetchHistoryDetail(id, signal),
    meta: { silent: true },
  });
  const d = detail.data;
  let content: ReactNode;
  if (detail.isPending)
    content = <div className="h-40 animate-pulse rounded bg-subtle" aria-label="Loading" />;
  else if (detail.isError) content = <ErrorView error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (d)
    content = (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
          <Row label="Resource">
            <ResourceCell resource={d.resource} resourceType={d.resource_type} />
          </Row>
          <Row label="Age">
            <span title={formatDateTime(d.created_at)}>{formatAge(d.first_observed)}</span>
            {d.count > 1 ? <span className="ml-2 text-muted">({d.count} times)</span> : null}
          </Row>
          <Row label="Recipient">{d.recipient ?? '—'}</Row>
          <Row label="Status">
            <SendStatusBadge status={d.status} />
          </Row>
          <Row label="Event">{d.source_event}</Row>
          {d.playbook_run ? (
            <Row label="Playbook run">
              <Link
                className="text-brand-600 hover:underline"
                to={`/playbooks/runs/${encodeURIComponent(d.playbook_run.id)}`}
              >
                {d.playbook_run.playbook_name ?? d.playbook_run.id}
              </Link>
              <span className="ml-2 text-muted">({d.playbook_run.status})</span>
            </Row>
          ) : null}
          <Row label="Duration">{d.duration_millis === null ? '—' : formatDuration(d.duration_millis)}</Row>
          <Row label="Rule">
            <Link
              className="text-brand-600 hover:underline"
              to={`/notifications/rules?id=${encodeURIComponent(d.notification_id)}`}
            >
              {d.notification?.name ?? d.notification_name ?? d.notification_id}
            </Link>
          </Row>
        </dl>
        {d.body ? (
          <section className="flex flex-col gap-1">
            <h3 className="text-xs font-semibold text-muted">Body</h3>
            <SafeHtml html={d.body} label="Body" />
          </section>
        ) : null}
        {d.error ? (
          <section className="flex flex-col gap-1">
            <h3 className="text-xs font-semibold text-muted">Error</h3>
            <pre
              aria-label="Error"
              className="overflow-auto rounded-md border border-line bg-canvas p-3 font-mono text-xs whitespace-pre-wrap"
            >
              {errorText(d.error)}
            </pre>
          </section>
        ) : null}
      </div>
    );
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Notification details" size="lg">
      {content}
    </Modal>
  );
}
