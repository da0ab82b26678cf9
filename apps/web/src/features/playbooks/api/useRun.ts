import { isFinalActionStatus, isFinalRunStatus, RUN_POLL_MS, STEP_POLL_MS } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { playbookKeys } from './keys.js';
import { fetchRun, fetchRunAction, fetchRunActions } from './runs.js';

/** The run, re-read every 2 s until it is final. */
export function useRun(id: string) {
  return useQuery({
    queryKey: playbookKeys.run(id),
    queryFn: ({ signal }) => fetchRun(id, signal),
    refetchInterval: (q) => {
      const run = q.state.data;
      return run && isFinalRunStatus(run.status) ? false : RUN_POLL_MS;
    },
    meta: { silent: true },
  });
}

/** The run's steps, re-read with the run until it is final (and once more when it gets there). */
export function useRunSteps(runId: string, runFinal: boolean) {
  return useQuery({
    queryKey: [...playbookKeys.steps(runId), runFinal],
    queryFn: ({ signal }) => fetchRunActions(runId, signal),
    refetchInterval: runFinal ? false : RUN_POLL_MS,
    meta: { silent: true },
  });
}

/** The selected step with its result, re-read every 1 s until it is final. */
export function useStep(id: string | undefined) {
  return useQuery({
    queryKey: playbookKeys.step(id ?? ''),
    queryFn: ({ signal }) => fetchRunAction(id ?? '', signal),
    enabled: Boolean(id),
    refetchInterval: (q) => {
      const step = q.state.data;
      return step && isFinalActionStatus(step.status) ? false : STEP_POLL_MS;
    },
    meta: { silent: true },
  });
}
