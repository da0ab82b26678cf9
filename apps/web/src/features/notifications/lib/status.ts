import type { SendStatus } from '@opsdeck/shared';
import type { BadgeTone } from '../../../ui/Badge.js';

/**
 * How a send status reads: as stored, except repeat-interval ('Repeated') and a playbook
 * recipient's two waiting states.
 */
export const STATUS_LABELS: Readonly<Record<SendStatus, string>> = {
  sent: 'sent',
  error: 'error',
  pending: 'pending',
  cancelled: 'cancelled',
  'repeat-interval': 'Repeated',
  silenced: 'silenced',
  skipped: 'skipped',
  inhibited: 'inhibited',
  pending_playbook_run: 'starting playbook',
  pending_playbook_completion: 'playbook running',
  maintenance: 'maintenance',
};

export const STATUS_TONES: Readonly<Record<SendStatus, BadgeTone>> = {
  sent: 'green',
  error: 'red',
  pending: 'yellow',
  cancelled: 'grey',
  'repeat-interval': 'blue',
  silenced: 'grey',
  skipped: 'grey',
  inhibited: 'grey',
  pending_playbook_run: 'yellow',
  pending_playbook_completion: 'yellow',
  maintenance: 'blue',
};

export const RESOURCE_TYPE_LABELS: Readonly<Record<string, string>> = {
  check: 'Check',
  config: 'Catalog',
  component: 'Component',
  canary: 'Canary',
  incident: 'Incident',
  playbook: 'Playbook run',
};
