import { ownTable } from './lookup.js';

/**
 * What a person calls a row of each table a form writes, for messages such as 'a health check
 * named "web" already exists in namespace "default"'. Tables not listed read as their name,
 * singular, with spaces (`tableNoun`).
 */
const TABLE_NOUNS: Readonly<Record<string, string>> = ownTable<string, string>({
  agents: 'agent',
  canaries: 'health check',
  checks: 'check',
  comments: 'comment',
  components: 'component',
  config_items: 'config item',
  config_scrapers: 'scraper',
  connections: 'connection',
  evidences: 'evidence',
  hypotheses: 'hypothesis',
  incident_rules: 'incident rule',
  incidents: 'incident',
  logging_backends: 'log backend',
  maintenance_windows: 'maintenance window',
  notification_silences: 'silence',
  notifications: 'notification rule',
  people: 'person',
  playbook_runs: 'playbook run',
  playbooks: 'playbook',
  properties: 'feature flag',
  responders: 'responder',
  status_pages: 'status page',
  team_members: 'team member',
  teams: 'team',
  topologies: 'topology',
});

/** The noun for a row of `table`: 'health check' for canaries, 'widget' for a table `widgets`. */
export function tableNoun(table: string | undefined): string {
  if (!table) return 'record';
  const known = TABLE_NOUNS[table];
  if (known) return known;
  const words = table.replace(/_/g, ' ');
  if (words.endsWith('ies')) return `${words.slice(0, -3)}y`;
  if (words.endsWith('ses')) return words.slice(0, -2);
  return words.endsWith('s') ? words.slice(0, -1) : words;
}
