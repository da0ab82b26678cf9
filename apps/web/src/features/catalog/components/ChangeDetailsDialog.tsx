import { formatDateTime, formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { cn } from '../../../lib/cn.js';
import { ResourceActionButtons } from '../../../platform/resourceActions.js';
import { Badge } from '../../../ui/Badge.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import { Modal } from '../../../ui/Modal.js';
import { fetchChangeDetail } from '../api/catalog.js';
import type { ChangeRow } from '../api/schemas.js';
import { catalogKeys } from '../api/keys.js';

/** A unified diff with added lines green, removed red and hunk headers blue. */
export function UnifiedDiff({ diff }: { diff: string }) {
  return (
    <pre
      className="overflow-auto rounded-md border border-line bg-subtle/40 py-2 font-mono text-xs leading-5"
      aria-label="Diff"
    >
      {diff.split('\n').map((line, i) => (
        <div
          key={i}
          className={cn(
            'px-3 whitespace-pre',
            line.startsWith('+') &&
              !line.startsWith('+++') &&
              'bg-green-100 text-green-900 dark:bg-green-950/60 dark:text-green-200',
            line.startsWith('-') &&
              !line.startsWith('---') &&
              'bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-200',
            line.startsWith('@@') && 'text-brand-600',
            (line.startsWith('+++') || line.startsWith('---')) && 'text-muted',
          )}
        >
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && Object.keys(value).length === 0) return null;
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-muted uppercase">{label}</h3>
      <pre className="max-h-72 overflow-auto rounded-md border border-line bg-subtle/40 p-3 font-mono text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

/** The change details dialog: diff, patch and details of one change. */
export function ChangeDetailsDialog({
  change,
  onClose,
}: {
  change: ChangeRow | undefined;
  onClose: () => void;
}) {
  const detail = useQuery({
    queryKey: catalogKeys.change(change?.config_id, change?.id),
    queryFn: ({ signal }) => fetchChangeDetail(change?.config_id ?? '', change?.id ?? '', signal),
    enabled: Boolean(change),
    meta: { silent: true },
  });
  const d = detail.data;
  return (
    <Modal
      open={Boolean(change)}
      onOpenChange={(o) => (o ? undefined : onClose())}
      size="xl"
      title={change ? `${change.name ?? change.config_id} · ${change.change_type}` : ''}
      description={change?.summary ?? undefined}
      footer={
        change ? (
          <ResourceActionButtons
            resource={{
              kind: 'config_change',
              id: change.id,
              name: change.summary || `${change.name ?? change.config_id} · ${change.change_type}`,
              configId: change.config_id,
            }}
          />
        ) : undefined
      }
    >
      {detail.isError ? <ErrorView error={detail.error} onRetry={() => void detail.refetch()} /> : null}
      {change ? (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-[13px] sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted">Type</dt>
              <dd>
                <Badge>{change.change_type}</Badge>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Severity</dt>
              <dd>{change.severity ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Source</dt>
              <dd>{change.source ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Last seen</dt>
              <dd title={formatDateTime(change.created_at)}>
                {formatRelativeTime(change.created_at)}
                {change.count > 1
                  ? ` (${change.count}× since ${formatRelativeTime(change.first_observed)})`
                  : ''}
              </dd>
            </div>
          </dl>
          {d?.diff ? (
            <section className="flex flex-col gap-1">
              <h3 className="text-xs font-semibold text-muted uppercase">Diff</h3>
              <UnifiedDiff diff={d.diff} />
            </section>
          ) : null}
          <Json label="Patch" value={d?.patches} />
          <Json label="Details" value={d?.details} />
          {detail.isSuccess && !d ? <p className="text-muted">Details not found</p> : null}
        </div>
      ) : null}
    </Modal>
  );
}
