import type { DomainModule } from '../platform/domain.js';
import { incidentsRoutes } from './routes.js';
import { incidentsSeed } from './seed.js';
import { incidentRuleWriteHook } from './write-hook.js';

/** Incidents: the rules that open incidents (incidents themselves come later). */
export const incidentsDomain: DomainModule = {
  name: 'incidents',
  routes: incidentsRoutes,
  seeds: [incidentsSeed],
  writeHooks: { incident_rules: incidentRuleWriteHook },
};
