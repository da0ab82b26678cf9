import { formatDateTime, formatDuration } from '@opsdeck/shared';
import { cn } from '../../../lib/cn.js';
import { AgentBadge } from '../../../ui/AgentBadge.js';
import { PlaybookRunStatusIcon } from '../../../ui/PlaybookRunStatus.js';
import type { RunAction } from '../api/types.js';
import { runDurationMs } from '../lib/runColumns.js';

/** A step of the list: an action, or the synthetic Initialization step of a run that failed to start. */
export type StepItem = RunAction & { synthetic?: boolean };

export const INITIALIZATION_ID = 'initialization';

/** The run's steps; a run that failed before any action ran shows an Initialization step with its error. */
export function stepItems(actions: readonly RunAction[], runError: string | null | undefined): StepItem[] {
  if (actions.length === 0 && runError)
    return [
      { id: INITIALIZATION_ID, name: 'Initialization', status: 'failed', error: runError, synthetic: true },
    ];
  return [...actions];
}

/** Steps can be selected unless they were skipped. */
export function isSelectable(step: StepItem): boolean {
  return step.status !== 'skipped';
}

/** The left side of the run page: one row per step with its state, start and duration. */
export function StepList({
  steps,
  selectedId,
  onSelect,
}: {
  steps: StepItem[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ol aria-label="Steps" className="flex flex-col gap-1">
      {steps.map((s) => {
        const selectable = isSelectable(s);
        const duration = runDurationMs(s);
        return (
          <li key={s.id}>
            <button
              type="button"
              disabled={!selectable}
              aria-current={s.id === selectedId ? 'step' : undefined}
              onClick={() => onSelect(s.id)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md border border-transparent px-2 py-1.5 text-left text-[13px]',
                selectable ? 'hover:bg-subtle' : 'cursor-not-allowed opacity-60',
                s.id === selectedId && 'border-line bg-subtle',
              )}
            >
              <PlaybookRunStatusIcon status={s.status} />
              <span className="min-w-0 flex-1 truncate font-medium">{s.name}</span>
              <AgentBadge agent={s.agent} />
              {s.retry_count ? <span className="text-xs text-muted">retry {s.retry_count}</span> : null}
              {s.start_time ? (
                <span className="text-xs text-muted" title={formatDateTime(s.start_time)}>
                  {formatDuration(duration)}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
