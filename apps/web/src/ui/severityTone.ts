import type { BadgeTone } from './Badge.js';

/** Severity colours: critical and high red, medium and low orange. */
export function severityTone(severity: string | null | undefined): BadgeTone {
  switch (severity) {
    case 'critical':
    case 'blocker':
    case 'high':
      return 'red';
    case 'medium':
    case 'low':
      return 'orange';
    case 'warning':
      return 'yellow';
    default:
      return 'grey';
  }
}
