import type { JobDefinition } from '../jobs/scheduler.js';
import { filesDir } from '../sandbox/file-roots.js';
import { ensureDemoCatalog, mutateDemoCatalog } from './demo/files.js';
import { catalogRetention } from './history-retention.js';
import { scrapeScheduler } from './schedule.js';

/** In demo mode, someone "operates" the demo cluster every few minutes, so changes keep coming. */
const demoCatalogActivity: JobDefinition = {
  name: 'DemoCatalogActivity',
  recordEmptyRuns: false,
  cron: '*/4 * * * *',
  async run(ctx) {
    if (!ctx.config.demo) return;
    ensureDemoCatalog(filesDir(ctx.config.dataDir));
    const what = mutateDemoCatalog(filesDir(ctx.config.dataDir));
    if (what) ctx.log.info(`demo catalog: ${what}`);
    return { success: what ? 1 : 0 };
  },
};

/** Re-bases the per-item 30-day change counts the summary reads (the window slides; retention deletes). */
const changeCountsRefresh: JobDefinition = {
  name: 'CatalogChangeCounts',
  recordEmptyRuns: false,
  cron: '*/15 * * * *',
  runOnStart: true,
  async run(ctx) {
    const r = await ctx.db.query<{ n: number }>('SELECT refresh_config_change_counts() AS n');
    return { success: Number(r.rows[0]?.n ?? 0) };
  },
};

export const catalogJobs: JobDefinition[] = [
  scrapeScheduler,
  demoCatalogActivity,
  changeCountsRefresh,
  catalogRetention,
];
