import type { HistoryResource } from '@opsdeck/shared';
import { RESOURCE_TYPE_LABELS } from '../lib/status.js';

/** The resource of a history row: its name, with its kind (and type) beneath. */
export function ResourceCell({
  resource,
  resourceType,
}: {
  resource: HistoryResource;
  resourceType: string;
}) {
  const kind = RESOURCE_TYPE_LABELS[resourceType] ?? resourceType;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate">{resource.name || resource.id}</span>
      <span className="truncate text-xs text-muted">
        {resource.type ? `${kind} · ${resource.type}` : kind}
      </span>
    </span>
  );
}
