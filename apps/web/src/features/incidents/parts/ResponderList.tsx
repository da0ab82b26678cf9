import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { TOAST_MS } from '../../../api/queryClient.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { Avatar } from '../../../ui/Avatar.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { deleteResponder } from './api.js';
import { progressSteps, responderName } from './responders.js';
import { PART_TEXT } from './texts.js';
import type { PartProps, Responder } from './types.js';

function Progress({ responder }: { responder: Responder }) {
  const { steps, current } = progressSteps(responder);
  return (
    <ol aria-label="Progress" className="flex flex-wrap gap-2 text-xs">
      {steps.map((s, i) => (
        <li
          key={s.label}
          aria-current={i === current ? 'step' : undefined}
          title={s.time ? new Date(s.time).toLocaleString() : undefined}
          className={s.time ? 'text-health-healthy' : i === current ? 'font-semibold text-fg' : 'text-muted'}
        >
          {s.label}
        </li>
      ))}
    </ol>
  );
}

/** The incident's responders with how far each has got; removing one is soft. */
export function ResponderList({ incident, onChanged }: PartProps) {
  const canWrite = useHasPermission('responder', 'write');
  const [removing, setRemoving] = useState<Responder | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const live = incident.responders.filter((r) => !r.deleted_at);

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteResponder(removing.id);
      toast.success(PART_TEXT.responderDeleted, { duration: TOAST_MS });
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e), { duration: TOAST_MS });
    } finally {
      setBusy(false);
      setRemoving(undefined);
    }
  }

  return (
    <>
      <ul aria-label="Responders" className="flex flex-col gap-2">
        {live.map((r) => {
          const name = responderName(r);
          return (
            <li key={r.id} aria-label={name} className="flex gap-2 rounded-md border border-line p-2">
              <Avatar name={name} src={r.person?.avatar ?? null} size="sm" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{name}</span>
                  {typeof r.properties?.responderType === 'string' ? (
                    <span className="text-xs text-muted">{r.properties.responderType}</span>
                  ) : null}
                  {r.status ? <span className="text-xs text-muted">{r.status}</span> : null}
                  {r.external_id ? (
                    <span className="font-mono text-xs" title="The ticket the responder was given">
                      {r.external_id}
                    </span>
                  ) : null}
                </div>
                {r.error ? (
                  <p role="alert" className="text-xs text-health-unhealthy">
                    {r.error}
                  </p>
                ) : null}
                <Progress responder={r} />
              </div>
              {canWrite ? (
                <button
                  type="button"
                  className="btn btn-ghost btn-icon"
                  aria-label="Delete responder"
                  onClick={() => setRemoving(r)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(o) => !o && setRemoving(undefined)}
        title={PART_TEXT.deleteResponderTitle}
        description={PART_TEXT.deleteResponderBody}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void remove()}
      />
    </>
  );
}
