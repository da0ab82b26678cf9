import { pendingTeamsHook } from './pending-teams-hook.js';
import { NOTIFICATION_EVENTS } from '@opsdeck/shared';
import type { DomainModule, EventHandler } from '../platform/domain.js';
import { pendingNotificationsJob } from './pending.js';
import { notificationRetention } from './retention.js';
import { handleNotificationEvent } from './pipeline.js';
import { notificationsRoutes } from './routes.js';
import { notificationsSeed } from './seed.js';
import { silenceWriteHook } from './silence-write-hook.js';
import { notificationWriteHook } from './write-hook.js';

export { sendDirect } from './send-direct.js';
export { DeliveryError } from './deliver.js';
export { ruleUnresolved } from './recipient-ref.js';
// The playbooks domain starts the runs of playbook recipients and reports those it cannot.
export { failPlaybookSend } from './playbook-sends.js';

/**
 * The events the pipeline handles: every check, config, component and incident event the
 * producers emit, and the end of a playbook run (approval events are not sent).
 */
const HANDLED_EVENTS = NOTIFICATION_EVENTS.filter(
  (name) => !name.startsWith('playbook.') || name.startsWith('playbook.run.'),
);

/**
 * Notifications: rules that say which events tell whom, the send pipeline (filter, repeat
 * interval, silences, rate limit, wait_for, render, deliver), its history and silences
 * (docs/notifications.md).
 */
export const notificationsDomain: DomainModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  jobs: [pendingNotificationsJob, notificationRetention],
  seeds: [notificationsSeed],
  writeHooks: {
    notifications: notificationWriteHook,
    notification_silences: silenceWriteHook,
    teams: pendingTeamsHook,
  },
  eventHandlers: Object.fromEntries(
    HANDLED_EVENTS.map((name): [string, EventHandler] => [name, handleNotificationEvent]),
  ),
};
