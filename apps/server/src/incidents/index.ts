import type { DomainModule, EventHandler } from '../platform/domain.js';
import { demoIncidentsSeed } from './demo-incidents.js';
import { incidentWriteHooks } from './incident-write-hooks.js';
import { evaluateEvidenceJob, incidentRulesJob, reevaluateForResource, rulesOnHealthEvent } from './jobs.js';
import { reachResponder } from './reach-responder.js';
import { incidentsRoutes } from './routes.js';
import { incidentsSeed } from './seed.js';
import { incidentRuleWriteHook } from './write-hook.js';

/**
 * Health events after which the definitions of done of incidents about that resource are
 * evaluated and the incident rules run for it.
 */
const HEALTH_EVENTS = [
  'check.passed',
  'check.failed',
  'component.healthy',
  'component.unhealthy',
  'component.warning',
  'component.unknown',
  'component.error',
  'config.healthy',
  'config.unhealthy',
  'config.warning',
  'config.degraded',
  'config.unknown',
];

const both =
  (...handlers: EventHandler[]): EventHandler =>
  async (event, ctx) => {
    for (const h of handlers) await h(event, ctx);
  };

/**
 * Incidents (docs/incidents.md): incidents, their hypothesis tree, evidence, responders and
 * comments through the data API, the changelog and incident events written by the database,
 * definitions of done that evaluate themselves, and the rules that open incidents.
 */
export const incidentsDomain: DomainModule = {
  name: 'incidents',
  routes: incidentsRoutes,
  jobs: [evaluateEvidenceJob, incidentRulesJob],
  seeds: [incidentsSeed, demoIncidentsSeed],
  writeHooks: { incident_rules: incidentRuleWriteHook, ...incidentWriteHooks },
  eventHandlers: {
    ...Object.fromEntries(
      HEALTH_EVENTS.map((name): [string, EventHandler] => [
        name,
        both(reevaluateForResource, rulesOnHealthEvent),
      ]),
    ),
    'incident.responder.added': reachResponder,
  },
};
