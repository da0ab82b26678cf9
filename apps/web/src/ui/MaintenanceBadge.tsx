import { formatDateTime } from '@opsdeck/shared';
import { Wrench } from 'lucide-react';
import { Badge } from './Badge.js';

/**
 * "Maintenance until 14:00": the resource is under a maintenance window, so its notifications
 * are held and its results do not count against uptime (docs/maintenance.md). One widget for
 * the health dashboard, its cards, the check panel and topology cards.
 */
export function MaintenanceBadge({ window }: { window: { name: string; ends_at: string } | undefined }) {
  if (!window) return null;
  const until = formatDateTime(window.ends_at);
  return (
    <span
      title={`Maintenance window "${window.name}" until ${until}`}
      aria-label={`In maintenance until ${until}`}
    >
      <Badge tone="blue" className="gap-1 whitespace-nowrap">
        <Wrench className="size-3" aria-hidden />
        Maintenance until {until}
      </Badge>
    </span>
  );
}
