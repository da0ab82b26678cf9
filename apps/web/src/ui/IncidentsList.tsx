import { INCIDENT_STATUSES, INCIDENT_TYPES } from '@opsdeck/shared';
import { Link } from 'react-router';
import { Badge } from './Badge.js';
import { Select } from './Select.js';
import { severityTone } from './severityTone.js';

/** An incident as a list of linked incidents shows it (incidents_by_component, _by_config). */
export type IncidentRef = { id: string; title: string; severity: string; status: string };

export type IncidentFilter = { type: string; status: string };
/** The section's filters start at type All, status open. */
export const DEFAULT_INCIDENT_FILTER: IncidentFilter = { type: 'all', status: 'open' };

const label = (v: string) => (v[0]?.toUpperCase() ?? '') + v.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2');
const withAll = (values: readonly string[]) => [
  { value: 'all', label: 'All' },
  ...values.map((v) => ({ value: v, label: label(v) })),
];
const TYPE_OPTIONS = withAll(INCIDENT_TYPES);
const STATUS_OPTIONS = withAll(INCIDENT_STATUSES);

/** Linked incidents (a side panel's Incidents): Type and Status filters, one link per incident. */
export function IncidentsList({
  incidents,
  filter,
  onFilter,
}: {
  incidents: IncidentRef[] | undefined;
  filter: IncidentFilter;
  onFilter: (f: IncidentFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2 pt-1 text-xs">
        <Select
          label="Type"
          value={filter.type}
          onChange={(type) => onFilter({ ...filter, type })}
          options={TYPE_OPTIONS}
        />
        <Select
          label="Status"
          value={filter.status}
          onChange={(status) => onFilter({ ...filter, status })}
          options={STATUS_OPTIONS}
        />
      </div>
      {incidents?.length === 0 && <p className="py-2 text-xs text-muted">No incidents</p>}
      <ul>
        {incidents?.map((i) => (
          <li key={i.id}>
            <Link
              to={`/incidents/${i.id}`}
              className="flex h-8 items-center gap-2 rounded px-1 text-[13px] hover:bg-subtle"
            >
              <Badge tone={severityTone(i.severity)}>{i.severity}</Badge>
              <span className="truncate">{i.title}</span>
              <span className="ml-auto shrink-0 text-xs text-muted">{i.status}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
