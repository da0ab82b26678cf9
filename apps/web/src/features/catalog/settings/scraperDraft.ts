import { specText, withItem } from '../../../ui/schema-form/specDraft.js';

/** The scraper kinds the guided form offers; 'other' opens the YAML editor alone. */
export const FORM_SCRAPER_TYPES = [
  { type: 'file', label: 'File' },
  { type: 'http', label: 'HTTP' },
  { type: 'sql', label: 'SQL' },
  { type: 'kubernetes', label: 'Kubernetes' },
] as const;
export type FormScraperType = (typeof FORM_SCRAPER_TYPES)[number]['type'];
export const OTHER_TYPE = 'other';
export type ScraperChoice = FormScraperType | typeof OTHER_TYPE;
export const SCRAPER_CHOICES = [...FORM_SCRAPER_TYPES, { type: OTHER_TYPE, label: 'Other (YAML)' } as const];

export type ScraperTemplate = { label: string; type: FormScraperType; item: Record<string, unknown> };

/** Starting points for the common scrapers; picking one fills the form. */
export const SCRAPER_TEMPLATES: readonly ScraperTemplate[] = [
  {
    label: 'Files under a folder',
    type: 'file',
    item: {
      type: '$.kind',
      class: '$.kind',
      name: '$.metadata.name',
      id: '$.metadata.uid',
      paths: ['/path/to/manifests/*.yaml'],
    },
  },
  {
    label: 'HTTP JSON endpoint',
    type: 'http',
    item: {
      url: 'https://example.com/api/items',
      items: '$.items[*]',
      type: 'API::Item',
      id: '$.id',
      name: '$.name',
    },
  },
  {
    label: 'PostgreSQL query',
    type: 'sql',
    item: {
      connection: 'postgres://user:password@db.local:5432/postgres',
      driver: 'postgres',
      query: 'SELECT datname AS name, oid::text AS id FROM pg_database',
      type: 'Postgres::Database',
      id: '$.id',
      name: '$.name',
    },
  },
  {
    label: 'Kubernetes cluster',
    type: 'kubernetes',
    item: { clusterName: 'local', inCluster: true },
  },
];

/** The schedule a new scraper starts with (the spec carries it). */
export const NEW_SCRAPER_SCHEDULE = '@every 5m';

/** A new scraper's spec: the chosen kind with one entry, or a template's entry. */
export function startScraperSpec(type: FormScraperType, item: Record<string, unknown> = {}): string {
  return specText(withItem({ schedule: NEW_SCRAPER_SCHEDULE }, type, item));
}
