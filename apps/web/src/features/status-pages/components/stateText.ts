import type { PublicState } from '@opsdeck/shared';

export const STATE_TEXT: Record<PublicState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  unknown: 'Unknown',
};

export const STATE_HEADLINE: Record<PublicState, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems degraded',
  outage: 'Some systems are down',
  unknown: 'Status unknown',
};

export const STATE_DOT: Record<PublicState, string> = {
  operational: 'bg-health-healthy',
  degraded: 'bg-health-warning',
  outage: 'bg-health-unhealthy',
  unknown: 'bg-health-unknown',
};
