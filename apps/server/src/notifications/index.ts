import type { DomainModule, EventHandler } from '../platform/domain.js';
import { pendingNotificationsJob } from './pending.js';
import { handleNotificationEvent } from './pipeline.js';
import { notificationsRoutes } from './routes.js';
import { notificationsSeed } from './seed.js';
import { silenceWriteHook } from './silence-write-hook.js';
import { notificationWriteHook } from './write-hook.js';

/** The events the pipeline handles: every check, config and component event the producers emit. */
const HANDLED_EVENTS = [
  'check.passed',
  'check.failed',
  'config.created',
  'config.updated',
  'config.changed',
  'config.deleted',
  'config.healthy',
  'config.unhealthy',
  'config.warning',
  'config.degraded',
  'config.unknown',
  'component.healthy',
  'component.unhealthy',
  'component.warning',
  'component.unknown',
] as const;

/**
 * Notifications: rules that say which events tell whom, the send pipeline (filter, repeat
 * interval, silences, rate limit, wait_for, render, deliver), its history and silences
 * (docs/notifications.md).
 */
export const notificationsDomain: DomainModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  jobs: [pendingNotificationsJob],
  seeds: [notificationsSeed],
  writeHooks: { notifications: notificationWriteHook, notification_silences: silenceWriteHook },
  eventHandlers: Object.fromEntries(
    HANDLED_EVENTS.map((name): [string, EventHandler] => [name, handleNotificationEvent]),
  ),
};
