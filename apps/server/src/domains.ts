import { agentsDomain } from './agents/index.js';
import { authDomain } from './auth/index.js';
import { catalogDomain } from './catalog/index.js';
import { connectionsDomain } from './connections/index.js';
import { eventsDomain } from './events/index.js';
import { healthDomain } from './health/index.js';
import { incidentsDomain } from './incidents/index.js';
import { integrationsDomain } from './integrations/index.js';
import { kubeconfigDomain } from './kubeconfig/index.js';
import { logsDomain } from './logs/index.js';
import { maintenanceDomain } from './maintenance/index.js';
import { notificationsDomain } from './notifications/index.js';
import { platformDomain } from './platform/index.js';
import { playbooksDomain } from './playbooks/index.js';
import type { DomainModule } from './platform/domain.js';
import { writeHooksOf } from './platform/domain.js';
import { restDomain } from './rest/index.js';
import { specsDomain } from './specs/index.js';
import { statusPagesDomain } from './status-pages/index.js';
import { topologyDomain } from './topology/index.js';

/**
 * The server's domains, in order: installs, routes and jobs start in this order, and demo
 * seeds run in it (a domain's seeds after those of the domains it refers to). Adding a domain
 * is its folder, with an index.ts exporting its DomainModule, and one line here.
 */
const areas: readonly DomainModule[] = [
  platformDomain,
  authDomain,
  connectionsDomain,
  healthDomain,
  catalogDomain,
  topologyDomain,
  logsDomain,
  notificationsDomain,
  maintenanceDomain,
  incidentsDomain,
  playbooksDomain,
  kubeconfigDomain,
  integrationsDomain,
  statusPagesDomain,
  specsDomain,
  agentsDomain,
];

/**
 * Every domain app.ts and server.ts assemble: the areas, the event consumer running their event
 * handlers, and the data API running their write hooks.
 */
export const domains: readonly DomainModule[] = [
  ...areas,
  eventsDomain(areas),
  restDomain(writeHooksOf(areas)),
];
