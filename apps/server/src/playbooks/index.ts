import type { DomainModule } from '../platform/domain.js';
import { playbooksSeed } from './demo-playbooks.js';
import { playbooksScriptEnvSeed } from './demo-script-env-upgrade.js';
import { playbookEngineJobs } from './engine/index.js';
import { playbookRetention } from './retention.js';
import { playbookRoutes } from './routes.js';
import { eventTriggerHandlers } from './triggers/events.js';
import { NOTIFICATION_PLAYBOOK_EVENT, notificationPlaybookHandler } from './triggers/notification.js';
import { playbookScheduleJob } from './triggers/schedule.js';
import { playbookWriteHook } from './write-hook.js';

/**
 * Playbooks (docs/playbooks.md): specs through the data API, the run API (/api/playbook/*),
 * approvals and the triggers that create runs (events, webhooks, schedules). Runs are created
 * here (create-run.ts, the one way) and executed by the engine.
 */
export const playbooksDomain: DomainModule = {
  name: 'playbooks',
  routes: playbookRoutes,
  jobs: [playbookScheduleJob, ...playbookEngineJobs, playbookRetention],
  seeds: [playbooksSeed, playbooksScriptEnvSeed],
  writeHooks: { playbooks: playbookWriteHook },
  eventHandlers: {
    ...eventTriggerHandlers(),
    [NOTIFICATION_PLAYBOOK_EVENT]: notificationPlaybookHandler,
  },
};
export { AGENT_POLL_MAX_MS, pollAgentAction } from './agent/poll.js';
export { acceptAgentResults, type AgentResultsOutcome } from './agent/results.js';
export {
  agentActionPayloadSchema,
  agentActionResultSchema,
  type AgentActionPayload,
  type AgentActionResult,
} from './agent/wire.js';
export { AGENT_STOPPED_MESSAGE, runHandedAction } from './agent/run-handed.js';
