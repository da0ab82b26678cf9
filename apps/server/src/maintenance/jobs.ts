import type { JobDefinition } from '../jobs/scheduler.js';
import { sendNotices } from './notices.js';
import { refreshMaintenance } from './refresh.js';

/**
 * Every 15 s: which resources are under maintenance now and in the next minutes
 * (maintenance_resources), then the start and end messages that are due.
 */
export const maintenanceWindowsJob: JobDefinition = {
  name: 'MaintenanceWindows',
  intervalSeconds: 15,
  runOnStart: true,
  recordEmptyRuns: false,
  async run(ctx) {
    await ctx.db.transaction((tx) => refreshMaintenance(tx));
    const notices = await sendNotices(ctx);
    return { success: notices };
  },
};
