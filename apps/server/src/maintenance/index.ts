import type { DomainModule } from '../platform/domain.js';
import { maintenanceWindowsJob } from './jobs.js';
import { maintenanceRoutes } from './routes.js';
import { maintenanceSeed } from './seed.js';
import { maintenanceWriteHook } from './write-hook.js';

export { refreshMaintenance } from './refresh.js';
export { sendNotices } from './notices.js';
// The agents domain marks pushed results taken under maintenance.
export { markPushedResults } from './pushed.js';

/**
 * Maintenance windows (docs/maintenance.md): planned work on checks, components and config
 * items. This domain knows when windows are and what they cover and writes it to
 * `maintenance_resources`; the recorder, the notification pipeline and incident rules read
 * that table.
 */
export const maintenanceDomain: DomainModule = {
  name: 'maintenance',
  routes: maintenanceRoutes,
  jobs: [maintenanceWindowsJob],
  seeds: [maintenanceSeed],
  writeHooks: { maintenance_windows: maintenanceWriteHook },
};
