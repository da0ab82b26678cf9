import type { BadgeTone } from '../../../ui/Badge.js';

/** Job status colours (spec 3 §4): RUNNING yellow, SUCCESS green, WARNING orange, FAILED/STOPPED red. */
export function jobTone(status: string): BadgeTone {
  if (status === 'RUNNING') return 'yellow';
  if (status === 'SUCCESS') return 'green';
  if (status === 'WARNING') return 'orange';
  if (status === 'FAILED' || status === 'STOPPED') return 'red';
  return 'grey';
}
