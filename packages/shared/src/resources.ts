import { ownTable } from './lookup.js';
/** Resources of the permission matrix (docs/identity.md, Authorization). */
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
  'maintenance',
  'playbooks',
  'playbook_runs',
  'status_pages',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';

/**
 * How a reader sees a column that may hold credentials (docs/connections.md, Masking), on the
 * data API and on every other route that returns it:
 *  - `spec`: JSON read through `redact_secrets` unless the caller may write the table
 *    `revealTo`: credentials by field kind (every header and env value, URL passwords,
 *    secret-named keys, `password=`-style pairs and flags in strings) read `***`;
 *  - `parameters`: a playbook run's parameter values, through `redact_run_parameters` with the
 *    row's `spec` (parameters of type `secret` read `***`), unless the caller may write `revealTo`;
 *  - `secret`: text that always reads `***` when set (stored encrypted, never read back);
 *  - `sealed`: a JSON object whose encrypted values always read `***`.
 */
export type SecretColumn =
  { redact: 'spec' | 'parameters'; revealTo: string } | { redact: 'secret' } | { redact: 'sealed' };

/** A spec-like JSON column, shown whole only to callers who may write `revealTo`. */
export const specColumn = (revealTo: string): SecretColumn => ({ redact: 'spec', revealTo });

/**
 * Which resource guards reading and writing a data-API table; `write: null` means read-only.
 * `secrets` names its columns that may hold credentials (one line per table that has any).
 */
export type TableAccessRule = {
  read: Resource;
  write: Resource | null;
  secrets?: Readonly<Record<string, SecretColumn>>;
};

/**
 * The tables and views exposed under /api/db, each mapped to its resource. A table that is
 * not listed here is not exposed at all. Each area adds its own tables as it lands.
 */
export const TABLE_ACCESS: Record<string, TableAccessRule> = ownTable<string, TableAccessRule>({
  people: { read: 'database', write: 'identities' },
  people_roles: { read: 'database', write: null },
  teams: { read: 'database', write: 'database', secrets: { spec: specColumn('teams') } },
  team_members: { read: 'database', write: 'database' },
  properties: { read: 'properties', write: 'properties' },
  agents: { read: 'agents', write: 'agents' },
  agents_summary: { read: 'agents', write: null },
  job_history: { read: 'database', write: null },
  job_histories: { read: 'database', write: null },
  job_history_names: { read: 'database', write: null },
  event_queue_summary: { read: 'database', write: null },
  canaries: { read: 'canaries', write: 'canaries', secrets: { spec: specColumn('canaries') } },
  canaries_with_status: { read: 'canaries', write: null, secrets: { spec: specColumn('canaries') } },
  checks: { read: 'canaries', write: null, secrets: { spec: specColumn('canaries') } },
  check_statuses: { read: 'canaries', write: null },
  check_location_statuses: { read: 'canaries', write: null },
  check_statuses_1h: { read: 'canaries', write: null },
  check_statuses_1d: { read: 'canaries', write: null },
  config_scrapers: {
    read: 'database',
    write: 'config_scrapers',
    secrets: { spec: specColumn('config_scrapers') },
  },
  config_items: { read: 'database', write: null },
  config_changes: { read: 'database', write: null },
  config_analysis: { read: 'database', write: null },
  config_relationships: { read: 'database', write: null },
  config_component_relationships: { read: 'database', write: 'topologies' },
  configs: { read: 'database', write: null },
  config_detail: { read: 'database', write: null },
  config_summary: { read: 'database', write: null },
  config_types: { read: 'database', write: null },
  config_tags: { read: 'database', write: null },
  config_labels: { read: 'database', write: null },
  config_statuses: { read: 'database', write: null },
  change_types: { read: 'database', write: null },
  config_analysis_analyzers: { read: 'database', write: null },
  config_analysis_items: { read: 'database', write: null },
  catalog_changes: { read: 'database', write: null },
  check_config_relationships: { read: 'database', write: null },
  check_summary_for_config: { read: 'database', write: null },
  topologies: { read: 'topologies', write: 'topologies', secrets: { spec: specColumn('topologies') } },
  components: { read: 'topologies', write: null, secrets: { properties: specColumn('topologies') } },
  component_relationships: { read: 'topologies', write: null },
  check_component_relationships: { read: 'topologies', write: null },
  team_components: { read: 'topologies', write: 'topologies' },
  component_names: { read: 'topologies', write: null },
  components_with_logs: { read: 'topologies', write: null },
  component_labels: { read: 'topologies', write: null },
  checks_by_component: { read: 'topologies', write: null },
  changes_by_component: { read: 'topologies', write: null },
  analysis_by_component: { read: 'topologies', write: null },
  configs_by_component: { read: 'topologies', write: null },
  logging_backends: {
    read: 'logging_backends',
    write: 'logging_backends',
    secrets: { spec: specColumn('logging_backends') },
  },
  notifications: {
    read: 'notifications',
    write: 'notifications',
    secrets: {
      custom_services: specColumn('notifications'),
      properties: specColumn('notifications'),
    },
  },
  notifications_summary: {
    read: 'notifications',
    write: null,
    secrets: {
      custom_services: specColumn('notifications'),
      properties: specColumn('notifications'),
    },
  },
  notification_send_history: { read: 'notifications', write: null },
  notification_send_history_summary: { read: 'notifications', write: null },
  notification_silences: { read: 'notifications', write: 'notifications' },
  maintenance_windows: { read: 'maintenance', write: 'maintenance' },
  incident_rules: { read: 'incident', write: 'incident', secrets: { spec: specColumn('incident_rules') } },
  incidents: { read: 'incident', write: 'incident' },
  incident_summary: { read: 'incident', write: null },
  incident_histories: { read: 'incident', write: null },
  incidents_by_component: { read: 'incident', write: null },
  incidents_by_config: { read: 'incident', write: null },
  incidents_by_check: { read: 'incident', write: null },
  hypotheses: { read: 'incident', write: 'incident' },
  evidences: { read: 'evidences', write: 'evidences' },
  comments: { read: 'comments', write: 'comments' },
  comment_mentions: { read: 'comments', write: null },
  responders: { read: 'responder', write: 'responder' },
  // Playbook specs may carry credentials (http passwords, webhook secrets): whole only to writers.
  playbooks: { read: 'playbooks', write: 'playbooks', secrets: { spec: specColumn('playbooks') } },
  playbook_names: { read: 'playbooks', write: null },
  // Runs are started, cancelled and approved through /api/playbook, never written directly.
  // A run echoes its playbook: the spec copy, parameters, the webhook request, action results.
  playbook_runs: {
    read: 'playbook_runs',
    write: null,
    secrets: {
      spec: specColumn('playbooks'),
      parameters: { redact: 'parameters', revealTo: 'playbooks' },
      // Values of `secret` parameters, sealed: never read back.
      secret_parameters: { redact: 'sealed' },
      request: specColumn('playbooks'),
    },
  },
  playbook_run_actions: { read: 'playbook_runs', write: null, secrets: { result: specColumn('playbooks') } },
  playbook_approvals: { read: 'playbook_runs', write: null },
  // Writes only through the data API's hook (validation, encryption); reads never see a secret.
  connections: {
    read: 'connections',
    write: 'connections',
    secrets: {
      username: { redact: 'secret' },
      password: { redact: 'secret' },
      certificate: { redact: 'secret' },
      properties: { redact: 'sealed' },
    },
  },
  // Pickers and the read-only list: every signed-in user, no secret columns at all.
  connections_list: { read: 'database', write: null },
  // The edit form: every column, secrets masked by the view itself.
  connection_details: { read: 'connections', write: null },
  // /settings/integrations: scrapers, topologies and logging backends with job status, no spec.
  integrations_with_status: { read: 'integrations', write: null },
  // Public status pages (docs/status-pages.md): the definitions; the public routes read them.
  status_pages: { read: 'status_pages', write: 'status_pages' },
});

/**
 * Database functions callable through /api/db/rpc/{fn}; `write` applies to POST. `secrets`
 * masks columns of the rows a function returns, as for tables.
 */
export const FUNCTION_ACCESS: Record<string, TableAccessRule> = ownTable({
  related_configs_recursive: { read: 'database', write: 'database' },
  get_playbook_run_actions: {
    read: 'playbook_runs',
    write: 'playbook_runs',
    secrets: { result: specColumn('playbooks') },
  },
});
