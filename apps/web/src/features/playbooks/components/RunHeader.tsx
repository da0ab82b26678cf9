import { formatDateTime, formatDuration, formatRelativeTime, isFinalRunStatus } from '@opsdeck/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, RotateCcw, Square } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { PlaybookRunStatus } from '../../../ui/PlaybookRunStatus.js';
import { playbookKeys } from '../api/keys.js';
import { approveRun, cancelRun, rerunRequest, runPlaybook } from '../api/runs.js';
import type { RunRow } from '../api/types.js';
import { runDurationMs, runResource, triggeredBy } from '../lib/runColumns.js';
import { ParamsModal } from './ParamsModal.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-[11px] font-semibold text-muted uppercase">{label}</dt>
      <dd className="text-[13px]">{children}</dd>
    </div>
  );
}

function When({ at }: { at: string | null | undefined }) {
  return at ? (
    <span title={formatDateTime(at)}>{formatRelativeTime(at)}</span>
  ) : (
    <span className="text-muted">—</span>
  );
}

/** The run page's header: Playbook link, Params, Status, times, Triggered By; Re-run, Approve, Cancel. */
export function RunHeader({ run }: { run: RunRow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canRun = useHasPermission('playbooks', 'write');
  const [showParams, setShowParams] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: playbookKeys.run(run.id) });
  const fail = (e: unknown) => toast.error(errorMessage(e));

  const rerun = useMutation({
    mutationFn: () => runPlaybook(rerunRequest(run)),
    meta: { silent: true },
    onSuccess: (started) => void navigate(`/playbooks/runs/${started.run_id}`),
    onError: fail,
  });
  const approve = useMutation({
    mutationFn: () => approveRun(run.id),
    meta: { silent: true },
    onSuccess: refresh,
    onError: fail,
  });
  const cancel = useMutation({
    mutationFn: () => cancelRun(run.id),
    meta: { silent: true },
    onSuccess: refresh,
    onError: fail,
  });

  const title = run.playbooks?.title || run.playbooks?.name || run.playbook_id;
  const resource = runResource(run);
  const final = isFinalRunStatus(run.status);
  return (
    <header className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/playbooks/runs?playbook=${encodeURIComponent(run.playbook_id)}`}
          className="inline-flex items-center gap-1.5 font-semibold hover:underline"
        >
          <NamedIcon name={run.playbooks?.icon} className="size-5" />
          {title}
        </Link>
        {resource ? (
          <Link to={resource.href} className="inline-flex items-center gap-1 text-muted hover:underline">
            <NamedIcon name={resource.icon} />
            {resource.name}
          </Link>
        ) : null}
        <div className="flex-1" />
        <button type="button" className="btn" onClick={() => setShowParams(true)}>
          Params
        </button>
        {canRun && run.status === 'pending_approval' ? (
          <button type="button" className="btn" disabled={approve.isPending} onClick={() => approve.mutate()}>
            <Check className="size-4" aria-hidden /> Approve
          </button>
        ) : null}
        {canRun && !final ? (
          <button type="button" className="btn" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            <Square className="size-4" aria-hidden /> Cancel
          </button>
        ) : null}
        {canRun ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={rerun.isPending}
            onClick={() => rerun.mutate()}
          >
            <RotateCcw className="size-4" aria-hidden /> Re-run playbook
          </button>
        ) : null}
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <Fact label="Status">
          <span data-testid="run-status">
            <PlaybookRunStatus status={run.status} />
          </span>
        </Fact>
        <Fact label="Started">
          <When at={run.start_time} />
        </Fact>
        <Fact label="Scheduled">
          <When at={run.scheduled_time} />
        </Fact>
        <Fact label="Duration">{formatDuration(runDurationMs(run)) || '—'}</Fact>
        <Fact label="Queued">
          <When at={run.created_at} />
        </Fact>
        <Fact label="Triggered By">{triggeredBy(run) || '—'}</Fact>
      </dl>
      {showParams ? <ParamsModal params={run.parameters ?? {}} close={() => setShowParams(false)} /> : null}
    </header>
  );
}
