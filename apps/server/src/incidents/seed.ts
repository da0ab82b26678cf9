import type { IncidentRuleSpec } from '@opsdeck/shared';
import type { SeedModule } from '../seed/types.js';

/** Opens an availability incident when a payments component turns unhealthy. */
const PAYMENTS_DOWN: IncidentRuleSpec = {
  components: [{ namespace: 'default', types: ['Database', 'Service'] }],
  filter: { status: ['unhealthy'] },
  template: { type: 'availability', severity: 'high', status: 'open' },
  breakOnMatch: true,
  autoResolve: { timeout: '4h' },
};

/** A demo incident rule, so Settings › Incident Rules is not empty. */
export const incidentsSeed: SeedModule = {
  name: 'incidents',
  async run(tx) {
    await tx.query(
      `INSERT INTO incident_rules (name, spec, source, created_by)
       VALUES ('unhealthy-payments', $1, 'demo',
               (SELECT id FROM people WHERE email = 'maya.okafor@example.com'))`,
      [JSON.stringify(PAYMENTS_DOWN)],
    );
  },
};
