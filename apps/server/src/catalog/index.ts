import type { DomainModule } from '../platform/domain.js';
import { catalogFileRootsSeed, catalogSeed } from './demo/seed.js';
import { catalogJobs } from './jobs.js';
import { catalogRoutes } from './routes.js';
import { configScraperWriteHook } from './write-hook.js';

// Topology `kubernetes` lookups list objects with the scraper's client.
export { listKubernetesObjects } from './scrapers/kubernetes.js';
export { scraperConnections } from './validate.js';

/** The config catalog: scrapers, config items, changes, analysis and relationships. */
export const catalogDomain: DomainModule = {
  name: 'catalog',
  routes: catalogRoutes,
  jobs: catalogJobs,
  seeds: [catalogSeed, catalogFileRootsSeed],
  writeHooks: { config_scrapers: configScraperWriteHook },
};
