import { SEND_STATUSES, type SendStatus } from '@opsdeck/shared';
import { Badge } from '../../../ui/Badge.js';
import { STATUS_LABELS, STATUS_TONES } from '../lib/status.js';

const isStatus = (s: string): s is SendStatus => (SEND_STATUSES as readonly string[]).includes(s);

/** A send status as every notifications list shows it. */
export function SendStatusBadge({ status }: { status: string }) {
  return isStatus(status) ? (
    <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
  ) : (
    <Badge>{status}</Badge>
  );
}
