import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { TOAST_MS } from '../../../api/queryClient.js';
import { errorMessage } from '../../../api/errors.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { Link } from 'react-router';
import { deleteEvidence, updateEvidence } from './api.js';
import { linesWithContext } from './evidenceLines.js';
import { PART_TEXT } from './texts.js';
import type { Evidence } from './types.js';

function EvidenceBody({ evidence }: { evidence: Evidence }) {
  switch (evidence.type) {
    case 'log':
    case 'config': {
      const lines = linesWithContext(evidence.evidence);
      return lines.length === 0 ? null : (
        <pre className="mt-1 overflow-x-auto rounded bg-subtle p-2 text-xs" aria-label="Evidence lines">
          {lines.map((l) => (
            <div
              key={l.number}
              data-selected={l.selected || undefined}
              className={l.selected ? 'bg-yellow-100 dark:bg-yellow-900/40' : ''}
            >
              <span className="mr-2 inline-block w-8 text-right text-muted select-none">{l.number}</span>
              {l.text}
            </div>
          ))}
        </pre>
      );
    }
    case 'comment':
      return evidence.evidence?.comment ? <p className="mt-1 text-sm">{evidence.evidence.comment}</p> : null;
    default:
      return null;
  }
}

/** What the evidence points at, by type: its name and the console page that shows it. */
function subject(e: Evidence): { label: string; href: string } | undefined {
  const configName = e.config?.name ?? e.config_id ?? '';
  switch (e.type) {
    case 'topology':
      return e.component_id
        ? { label: `Component ${e.component?.name ?? e.component_id}`, href: `/topology/${e.component_id}` }
        : undefined;
    case 'check': {
      if (!e.check_id) return undefined;
      // Linked from the check panel, it names the range the panel showed.
      const start =
        typeof e.evidence?.start === 'string' ? `&timeRange=${encodeURIComponent(e.evidence.start)}` : '';
      return { label: `Check ${e.check?.name ?? e.check_id}`, href: `/health?checkId=${e.check_id}${start}` };
    }
    case 'config':
      return e.config_id ? { label: `Config ${configName}`, href: `/catalog/${e.config_id}` } : undefined;
    case 'config_change':
      return e.config_id
        ? { label: `Change of ${configName}`, href: `/catalog/${e.config_id}/changes` }
        : undefined;
    case 'config_analysis':
      return e.config_id
        ? { label: `Insight on ${configName}`, href: `/catalog/${e.config_id}/insights` }
        : undefined;
    default:
      return undefined;
  }
}

type Confirm = 'done' | 'remove' | 'delete' | undefined;

/** One evidence under a hypothesis; definition-of-done evidence can be resolved or removed from it. */
export function EvidenceItem({ evidence, onChanged }: { evidence: Evidence; onChanged: () => void }) {
  const canWrite = useHasPermission('evidences', 'write');
  const [confirm, setConfirm] = useState<Confirm>(undefined);
  const [busy, setBusy] = useState(false);
  const done = evidence.done === true;
  const about = subject(evidence);

  async function run(patch: Parameters<typeof updateEvidence>[1] | 'delete', failure?: string) {
    setBusy(true);
    try {
      if (patch === 'delete') await deleteEvidence(evidence.id);
      else await updateEvidence(evidence.id, patch);
      setConfirm(undefined);
      onChanged();
    } catch (e) {
      toast.error(failure ?? errorMessage(e), { duration: TOAST_MS });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-md border border-line p-2" aria-label={evidence.description ?? evidence.type}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-subtle px-1.5 text-xs text-muted">{evidence.type}</span>
        <span className="min-w-0 flex-1 truncate">{evidence.description}</span>
        {evidence.definition_of_done ? (
          <span className="text-xs text-muted">{done ? 'Resolved' : 'Not resolved'}</span>
        ) : null}
        {canWrite ? (
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label="Delete evidence"
            onClick={() => setConfirm('delete')}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        ) : null}
      </div>
      {about ? (
        <Link className="text-xs text-muted hover:underline" to={about.href}>
          {about.label}
        </Link>
      ) : null}
      <EvidenceBody evidence={evidence} />
      {evidence.definition_of_done && canWrite ? (
        <div className="mt-2 flex gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setConfirm('done')}>
            {done ? PART_TEXT.markNotResolved : PART_TEXT.markResolved}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirm('remove')}>
            Remove from definition of done
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm === 'done'}
        onOpenChange={(o) => !o && setConfirm(undefined)}
        title={done ? PART_TEXT.markNotResolved : PART_TEXT.markResolved}
        description={`Are you sure you want to mark the evidence as ${done ? 'not resolved' : 'resolved'} ?`}
        confirmLabel={done ? PART_TEXT.markNotResolved : PART_TEXT.markResolved}
        busy={busy}
        onConfirm={() => void run({ done: !done })}
      />
      <ConfirmDialog
        open={confirm === 'remove'}
        onOpenChange={(o) => !o && setConfirm(undefined)}
        title={PART_TEXT.removeDodTitle}
        description={PART_TEXT.removeDodBody}
        confirmLabel="Remove"
        destructive
        busy={busy}
        onConfirm={() => void run({ definition_of_done: false }, PART_TEXT.removeDodFailed)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => !o && setConfirm(undefined)}
        title="Delete evidence ?"
        description="Are you sure you want to delete the evidence ?"
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void run('delete', PART_TEXT.deleteEvidenceFailed)}
      />
    </li>
  );
}
