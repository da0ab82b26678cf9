import type { SeedModule } from '../seed/types.js';

/**
 * A demo status page, so Settings › Status Pages and /status/shop show something: the
 * storefront's components and the platform team's checks.
 */
export const statusPagesSeed: SeedModule = {
  name: 'status-pages',
  async run(tx) {
    await tx.query(
      `INSERT INTO status_pages (slug, title, description, groups, source)
       VALUES ('shop', 'Shop status', 'The storefront and the services behind it.', $1, 'demo')
       ON CONFLICT DO NOTHING`,
      [
        JSON.stringify([
          { name: 'Storefront', selectors: [{ kind: 'component', name: 'Checkout*' }] },
          { name: 'Platform checks', selectors: [{ kind: 'check', labelSelector: 'team=platform' }] },
        ]),
      ],
    );
  },
};
