import type { SeedModule } from '../../seed/types.js';
import { DEMO_FOLDER } from './files.js';

export const DEMO_SCRAPER_NAME = 'demo-cluster';

/** The demo's scraper: the manifests under DATA_DIR/demo-catalog, scraped every minute. */
export const DEMO_SCRAPER_SPEC = {
  schedule: '@every 1m',
  retention: { staleItemAge: '10m', changes: [{ name: 'diff', count: 100 }] },
  file: [
    {
      paths: [`${DEMO_FOLDER}/kubernetes/*.yaml`],
      tags: { cluster: 'demo-cluster' },
    },
    {
      paths: [`${DEMO_FOLDER}/cloud/*.json`],
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
       VALUES ($1, 'default', 'Kubernetes manifests and AWS resources of the demo environment', $2, 'demo', '@every 1m',
         (SELECT id FROM people WHERE email = 'priya.raman@example.com'))`,
      [DEMO_SCRAPER_NAME, JSON.stringify(DEMO_SCRAPER_SPEC)],
    );
  },
};
