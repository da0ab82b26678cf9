import type { DomainModule } from '../platform/domain.js';
import { sealUrlPasswordsJob } from './jobs.js';
import { connectionRoutes } from './routes.js';
import { connectionsSeed } from './seed.js';
import { connectionWriteHook } from './write-hook.js';

/**
 * Connections: credentials kept in one place (encrypted at rest, never read back), Test
 * Connection, and the resolver other domains use for `connection://` references in specs.
 */
export const connectionsDomain: DomainModule = {
  name: 'connections',
  routes: connectionRoutes,
  jobs: [sealUrlPasswordsJob],
  seeds: [connectionsSeed],
  writeHooks: { connections: connectionWriteHook },
};

export { emailDestination } from './email-target.js';
export { isConnectionReference } from './references.js';
export {
  ConnectionNotFoundError,
  connectionReferenceProblems,
  connectionResolver,
  resolveConnection,
  type ConnectionResolver,
  type SpecReference,
} from './resolve.js';
export type { HydratedConnection } from './types.js';
export {
  SENDERS,
  senderFor,
  sendMessage,
  type ChatMessage,
  type DeliveryContext,
  type Sender,
} from './senders/index.js';
export { sendHttpOk, type HttpAnswer } from './senders/http.js';
export { seal, sealedConnectionSamples, unseal } from './sealed.js';
export { jiraIssueTypes, jiraPriorities, jiraProjects } from './clients/jira.js';
export { plannerBuckets, plannerPlans } from './clients/planner.js';
