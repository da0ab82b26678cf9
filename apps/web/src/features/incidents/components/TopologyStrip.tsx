import { Link } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { StatusDot } from '../../../ui/StatusDot.js';
import { healthColour, type HealthColour } from '../../../ui/health.js';
import { topologyComponentIds, type StripComponent } from '../api/components.js';
import type { Incident } from '../api/types.js';
import { useStripComponents } from '../api/useStripComponents.js';

// Border colours matching the health dot (HEALTH_CLASS holds the background ones).
const BORDER_CLASS: Record<HealthColour, string> = {
  red: 'border-health-unhealthy',
  grey: 'border-health-unknown',
  orange: 'border-health-warning',
  green: 'border-health-healthy',
};

/** Cards for the components named by the incident's topology evidence; nothing without any. */
export function TopologyStrip({ incident }: { incident: Incident }) {
  const ids = topologyComponentIds(incident);
  const components = useStripComponents(ids);
  if (ids.length === 0 || !components.data?.length) return null;
  return (
    <ul aria-label="Topology components" className="flex shrink-0 gap-2 overflow-x-auto pb-1">
      {components.data.map((c) => (
        <li key={c.id} className="shrink-0">
          <StripCard component={c} />
        </li>
      ))}
    </ul>
  );
}

function StripCard({ component: c }: { component: StripComponent }) {
  const name = c.name ?? c.id;
  return (
    <Link
      to={`/topology/${c.id}`}
      title={c.status_reason ?? undefined}
      data-testid="topology-strip-card"
      data-status={c.status ?? ''}
      className={cn(
        'card flex w-52 items-start gap-2 border-l-4 px-2 py-1.5 text-sm hover:bg-subtle',
        BORDER_CLASS[healthColour(c.status)],
      )}
    >
      <NamedIcon name={c.icon ?? c.type} className="mt-0.5 size-5" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5">
          <StatusDot status={c.status} />
          <span className="truncate font-medium">{name}</span>
        </span>
        {c.type && <span className="block truncate text-xs text-muted">{c.type}</span>}
        {c.status_reason && <span className="block truncate text-xs">{c.status_reason}</span>}
      </span>
    </Link>
  );
}
