import type { JobDefinition } from './scheduler.js';

const JOB_HISTORY_DAYS = 30;

/** Keeps job_history bounded: finished runs older than 30 days are removed daily. */
export const jobHistoryRetention: JobDefinition = {
  name: 'CleanupJobHistory',
  cron: '17 3 * * *',
  async run(ctx) {
    const r = await ctx.db.query(
      `DELETE FROM job_history WHERE status <> 'RUNNING' AND created_at < now() - make_interval(days => $1)`,
      [JOB_HISTORY_DAYS],
    );
    return { success: r.affectedRows };
  },
};
