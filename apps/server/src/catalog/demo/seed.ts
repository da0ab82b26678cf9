import type { SeedModule } from '../../seed/types.js';
import { DEMO_CATALOG_PATH } from './files.js';

export const DEMO_SCRAPER_NAME = 'demo-cluster';
/** The `source` of the demo's own rows, which marks what the demo may add history to. */
export const DEMO_SOURCE = 'demo';

/** The demo's scraper: the manifests under DATA_DIR/files/demo-catalog, scraped every minute. */
export const DEMO_SCRAPER_SPEC = {
  schedule: '@every 1m',
  retention: { staleItemAge: '10m', changes: [{ name: 'diff', count: 100 }] },
  file: [
    {
      paths: [`${DEMO_CATALOG_PATH}/kubernetes/*.yaml`],
      tags: { cluster: 'demo-cluster' },
    },
    {
      paths: [`${DEMO_CATALOG_PATH}/cloud/*.json`],
      items: '$.resources[*]',
      id: '$.id',
      type: '$.type',
      class: '$.class',
      name: '$.name',
      status: '$.status',
      health: '$.health',
      parent: '$.parent',
      tags: { account: '$.account', region: '$.region' },
      cost: {
        perMinute: '$.cost.perMinute',
        total1d: '$.cost.total1d',
        total7d: '$.cost.total7d',
        total30d: '$.cost.total30d',
      },
    },
  ],
};

/** Creates the demo scraper; the scheduler runs it within a minute of start. */
export const catalogSeed: SeedModule = {
  name: 'catalog',
  async run(tx) {
    await tx.query(
      `INSERT INTO config_scrapers (name, namespace, description, spec, source, schedule, created_by)
       VALUES ($1, 'default', 'Kubernetes manifests and AWS resources of the demo environment', $2, $3, '@every 1m',
         (SELECT id FROM people WHERE email = 'priya.raman@example.com'))`,
      [DEMO_SCRAPER_NAME, JSON.stringify(DEMO_SCRAPER_SPEC), DEMO_SOURCE],
    );
  },
};

/**
 * Demo installs made before file roots existed scrape DATA_DIR/demo-catalog, which is now
 * outside the roots; the manifests are copied to DATA_DIR/files/demo-catalog at start, so
 * point the unedited demo scraper there.
 */
export const catalogFileRootsSeed: SeedModule = {
  name: 'catalog-file-roots',
  upgrade: true,
  async run(tx) {
    await tx.query(
      `UPDATE config_scrapers SET spec = $2, updated_at = now()
       WHERE name = $1 AND source = 'demo' AND deleted_at IS NULL
         AND spec->'file'->0->'paths'->>0 = 'demo-catalog/kubernetes/*.yaml'`,
      [DEMO_SCRAPER_NAME, JSON.stringify(DEMO_SCRAPER_SPEC)],
    );
  },
};
