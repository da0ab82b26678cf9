import { Database, ScanSearch } from 'lucide-react';
import { Navigate } from 'react-router';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { configsSource } from './search.js';

/** The scraper list: its only URL. */
const SCRAPERS_PATH = '/catalog/scrapers';

const read = { resource: 'database', action: 'read' } as const;
const scrapersRead = { resource: 'database', action: 'read' } as const;
const scrapersWrite = { resource: 'config_scrapers', action: 'write' } as const;

/**
 * The summary or list is the page's main request: opened at /catalog, start it alongside the
 * page's code instead of after it (and after the session). Reached from another page, the
 * address is not /catalog yet while the code loads: the page asks itself.
 */
function catalogPage() {
  if (window.location.pathname === '/catalog')
    void import('./api/firstPage.js').then((m) => m.prefetchCatalogPage(window.location.search));
  return import('./pages/CatalogPage.js').then((m) => m.CatalogPage);
}

const detail = lazyPage(() => import('./pages/ConfigDetailPage.js').then((m) => m.ConfigDetailPage), read);

/** The catalog area: summary and list, changes, insights, item detail, scrapers and their settings. */
export const feature: FeatureModule = {
  routes: [
    { path: 'catalog', ...lazyPage(catalogPage, read) },
    {
      path: 'catalog/changes',
      ...lazyPage(() => import('./pages/ChangesPage.js').then((m) => m.ChangesPage), read),
    },
    {
      path: 'catalog/insights',
      ...lazyPage(() => import('./pages/InsightsPage.js').then((m) => m.InsightsPage), read),
    },
    {
      path: SCRAPERS_PATH.slice(1),
      ...lazyPage(() => import('./pages/ScrapersPage.js').then((m) => m.ScrapersPage), scrapersRead),
    },
    {
      path: 'catalog/scrapers/:id',
      ...lazyPage(
        () => import('./pages/ScraperDetailPage.js').then((m) => m.ScraperDetailPage),
        scrapersRead,
      ),
    },
    {
      path: 'lookup',
      ...lazyPage(() => import('./pages/SourceLookupPage.js').then((m) => m.SourceLookupPage), read),
    },
    { path: 'catalog/:id', ...detail },
    { path: 'catalog/:id/:tab', ...detail },
    // One URL for the scraper list (the spec's /catalog/scrapers); the old settings one redirects.
    { path: 'settings/config_scrapers', element: <Navigate to={SCRAPERS_PATH} replace /> },
    {
      path: 'settings/config_scrapers/new',
      ...lazyPage(
        () => import('./settings/ScraperEditPage.js').then((m) => m.ScraperEditPage),
        scrapersWrite,
      ),
    },
    {
      path: 'settings/config_scrapers/:id',
      ...lazyPage(() => import('./settings/ScraperEditPage.js').then((m) => m.ScraperEditPage), scrapersRead),
    },
  ],
  nav: [
    {
      id: 'catalog',
      label: 'Catalog',
      href: '/catalog',
      icon: Database,
      resource: 'database',
      // The catalog's feature flag (config.disable) hides it, as it hides Catalog Scrapers.
      feature: 'config',
      section: 'main',
      order: 40,
    },
    {
      id: 'settings-config-scrapers',
      label: 'Catalog Scrapers',
      href: SCRAPERS_PATH,
      icon: ScanSearch,
      resource: 'config_scrapers',
      feature: 'settings.config_scraper',
      section: 'settings',
    },
  ],
  searchSources: [configsSource],
};
