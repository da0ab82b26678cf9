import { INCIDENT_DEFAULTS, INCIDENT_STATUSES, INCIDENT_TYPES, type IncidentSeverity } from '@opsdeck/shared';

/** The list's filters as the URL holds them; 'all' (or nothing, for all but status) means no filter. */
export type IncidentFilters = {
  type: string;
  severity: string;
  status: string;
  owner: string;
  component: string;
  search: string;
};

export const ALL = 'all';
/** The list shows open incidents unless the URL says otherwise. */
export const DEFAULT_STATUS = INCIDENT_DEFAULTS.status;
export const FILTER_KEYS = ['type', 'severity', 'status', 'owner', 'component', 'search'] as const;

export function filtersFromParams(params: URLSearchParams): IncidentFilters {
  return {
    type: params.get('type') ?? ALL,
    severity: params.get('severity') ?? ALL,
    status: params.get('status') ?? DEFAULT_STATUS,
    owner: params.get('owner') ?? ALL,
    component: params.get('component') ?? '',
    search: params.get('search') ?? '',
  };
}

/** A filter value worth sending: not 'all', not empty. */
export function active(value: string): value is string {
  return value !== '' && value !== ALL;
}

const capitalise = (s: string) => (s[0]?.toUpperCase() ?? '') + s.slice(1);
const withAll = (values: readonly string[]) => [
  { value: ALL, label: 'All' },
  ...values.map((v) => ({ value: v, label: label(v) })),
];

export const TYPE_OPTIONS = withAll(INCIDENT_TYPES);
/** The severity filter offers All, critical, high, medium, low, Info (in that order). */
const SEVERITY_FILTER: readonly IncidentSeverity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const SEVERITY_OPTIONS = withAll(SEVERITY_FILTER);
export const STATUS_OPTIONS = withAll(INCIDENT_STATUSES);

/** 'technicalDebt' → 'Technical Debt', 'open' → 'Open'. */
export function label(value: string): string {
  return capitalise(value.replace(/([a-z])([A-Z])/g, '$1 $2'));
}
