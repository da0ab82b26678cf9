import type { SettingsTable } from '../../../ui/settings-resource/types.js';
import type { IntegrationType } from '../api/integrationsApi.js';

/** Where the integration detail page's Update and Delete lead. */
export const INTEGRATIONS_PATH = '/settings/integrations';

const common = { columns: ['name'], hasAgent: true, returnTo: INTEGRATIONS_PATH } as const;

/**
 * The table behind each integration type, edited on the detail page's Spec tab with the
 * generic settings form; each write still needs write on the table's own resource.
 */
const INTEGRATION_TABLES: Record<IntegrationType, SettingsTable> = {
  scrapers: {
    ...common,
    table: 'config_scrapers',
    title: 'Catalog Scrapers',
    resourceName: 'Catalog Scraper',
    resource: 'config_scrapers',
    feature: 'settings.config_scraper',
    fields: ['schedule'],
    jobResourceType: 'config_scraper',
    schemaUrl: '/api/schemas/scrape-config.schema.json',
  },
  topologies: {
    ...common,
    table: 'topologies',
    title: 'Topologies',
    resourceName: 'Topology',
    resource: 'topologies',
    feature: 'settings.topology',
    fields: ['namespace', 'labels', 'schedule'],
    jobResourceType: 'topology',
    schemaUrl: '/api/schemas/topology.schema.json',
  },
  logging_backends: {
    ...common,
    table: 'logging_backends',
    title: 'Log Backends',
    resourceName: 'Log Backend',
    resource: 'logging_backends',
    feature: 'logs',
    fields: ['namespace', 'labels'],
    schemaUrl: '/api/schemas/logging-backend.schema.json',
  },
};

export function integrationTable(type: string | undefined): SettingsTable | undefined {
  return type && Object.hasOwn(INTEGRATION_TABLES, type)
    ? INTEGRATION_TABLES[type as IntegrationType]
    : undefined;
}
