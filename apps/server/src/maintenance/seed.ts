import type { SeedModule } from '../seed/types.js';

/**
 * A demo window, so Settings › Maintenance and the demo status page (/status/shop) show one: the
 * storefront's weekly deploy slot, Sundays 04:00–05:00 in Berlin, over the Checkout component.
 */
export const maintenanceSeed: SeedModule = {
  name: 'maintenance',
  async run(tx) {
    await tx.query(
      `INSERT INTO maintenance_windows (name, namespace, description, schedule, duration, time_zone, selectors, source)
       VALUES ('storefront-deploys', 'storefront', 'Weekly storefront deploys. Checkout may be slow for a few minutes.',
         '0 4 * * 0', '1h', 'Europe/Berlin', $1, 'demo')
       ON CONFLICT DO NOTHING`,
      [JSON.stringify([{ resourceTypes: ['component'], name: 'Checkout' }])],
    );
  },
};
