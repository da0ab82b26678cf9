import { Badge, type BadgeTone } from './Badge.js';

/**
 * Job status colours: RUNNING yellow, SUCCESS green, WARNING orange, FAILED and
 * STOPPED red. Anything else (e.g. SKIPPED) is grey.
 */
const JOB_STATUS_TONES: Readonly<Record<string, BadgeTone>> = {
  RUNNING: 'yellow',
  SUCCESS: 'green',
  WARNING: 'orange',
  FAILED: 'red',
  STOPPED: 'red',
};

/** The status of a job run (job_history), as every job list shows it. */
export function JobStatusBadge({ status }: { status: string }) {
  return <Badge tone={JOB_STATUS_TONES[status] ?? 'grey'}>{status}</Badge>;
}
