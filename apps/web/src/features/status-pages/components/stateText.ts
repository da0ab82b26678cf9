import type { PublicState } from '@opsdeck/shared';

export const STATE_TEXT: Record<PublicState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  outage: 'Outage',
  maintenance: 'Under maintenance',
  unknown: 'Unknown',
};

export const STATE_HEADLINE: Record<PublicState, string> = {
  operational: 'All systems operational',
  degraded: 'Some systems degraded',
  outage: 'Some systems are down',
  maintenance: 'Planned maintenance in progress',
  unknown: 'Status unknown',
};

export const STATE_DOT: Record<PublicState, string> = {
  operational: 'bg-health-healthy',
  degraded: 'bg-health-warning',
  outage: 'bg-health-unhealthy',
  maintenance: 'bg-brand-400',
  unknown: 'bg-health-unknown',
};
