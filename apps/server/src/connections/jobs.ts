import type { JobDefinition } from '../jobs/scheduler.js';
import { secretBox } from '../lib/secrets/index.js';
import { sealUrlPassword } from './url-password.js';

/**
 * Seals passwords written inside connection URLs by servers older than that rule (the write
 * hook seals new ones): shortly after start-up, and daily for rows written around it by hand.
 * A row changed meanwhile is left for the next run rather than overwritten.
 */
export const sealUrlPasswordsJob: JobDefinition = {
  name: 'SealConnectionUrls',
  cron: '17 3 * * *',
  runOnStart: true,
  recordEmptyRuns: false,
  async run(ctx) {
    const box = secretBox(ctx.config);
    const { rows } = await ctx.db.query<{ id: string; url: string }>(
      `SELECT id, url FROM connections WHERE url ~ '@'`,
    );
    let sealed = 0;
    for (const row of rows) {
      const url = sealUrlPassword(row.url, box);
      if (url === row.url) continue;
      const res = await ctx.db.query('UPDATE connections SET url = $1 WHERE id = $2 AND url = $3', [
        url,
        row.id,
        row.url,
      ]);
      sealed += res.affectedRows;
    }
    return { success: sealed };
  },
};
