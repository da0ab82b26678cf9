import type { DomainModule } from '../platform/domain.js';
import { notificationsRoutes } from './routes.js';
import { notificationsSeed } from './seed.js';
import { notificationWriteHook } from './write-hook.js';

/** Notifications: the rules that say which events tell whom (sending comes with the pipeline). */
export const notificationsDomain: DomainModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  seeds: [notificationsSeed],
  writeHooks: { notifications: notificationWriteHook },
};
