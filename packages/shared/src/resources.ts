/** Resources of the permission matrix (spec 1 §6). */
export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'properties',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';

/** Which resource guards reading and writing a data-API table; `write: null` means read-only. */
export type TableAccessRule = { read: Resource; write: Resource | null };

/**
 * The tables and views exposed under /api/db, each mapped to its resource. A table that is
 * not listed here is not exposed at all. Each area adds its own tables as it lands.
 */
export const TABLE_ACCESS: Record<string, TableAccessRule> = {
  people: { read: 'database', write: 'identities' },
  people_roles: { read: 'database', write: null },
  teams: { read: 'database', write: 'database' },
  team_members: { read: 'database', write: 'database' },
  properties: { read: 'properties', write: 'properties' },
  agents: { read: 'agents', write: 'agents' },
  agents_summary: { read: 'agents', write: null },
  job_history: { read: 'database', write: null },
  job_histories: { read: 'database', write: null },
  job_history_names: { read: 'database', write: null },
  event_queue_summary: { read: 'database', write: null },
  canaries: { read: 'canaries', write: 'canaries' },
  canaries_with_status: { read: 'canaries', write: null },
  checks: { read: 'canaries', write: null },
  check_statuses: { read: 'canaries', write: null },
  check_statuses_1h: { read: 'canaries', write: null },
  check_statuses_1d: { read: 'canaries', write: null },
};

/** Database functions callable through /api/db/rpc/{fn}; `write` applies to POST. */
export const FUNCTION_ACCESS: Record<string, TableAccessRule> = {};
