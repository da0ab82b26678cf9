/** The states of a playbook run (docs/playbooks.md, Run states). */
export const PLAYBOOK_RUN_STATUSES = [
  'scheduled',
  'running',
  'sleeping',
  'retrying',
  'waiting',
  'pending_approval',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** A run in one of these has ended: it is not picked up, polled or cancelled again. */
export const FINAL_RUN_STATUSES: readonly PlaybookRunStatus[] = [
  'completed',
  'failed',
  'cancelled',
  'timed_out',
];

export function isFinalRunStatus(status: string): boolean {
  return (FINAL_RUN_STATUSES as readonly string[]).includes(status);
}

/** The states of one action of a run. */
export const PLAYBOOK_ACTION_STATUSES = [
  'scheduled',
  'running',
  'waiting',
  'waiting_children',
  'sleeping',
  'completed',
  'failed',
  'skipped',
] as const;
export type PlaybookActionStatus = (typeof PLAYBOOK_ACTION_STATUSES)[number];

export const FINAL_ACTION_STATUSES: readonly PlaybookActionStatus[] = ['completed', 'failed', 'skipped'];

export function isFinalActionStatus(status: string): boolean {
  return (FINAL_ACTION_STATUSES as readonly string[]).includes(status);
}

/** How often the run page re-reads a run and its selected step until they are final. */
export const RUN_POLL_MS = 2000;
export const STEP_POLL_MS = 1000;
