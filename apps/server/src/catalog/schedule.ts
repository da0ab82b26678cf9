import { DEFAULT_SCRAPE_SCHEDULE, LOCAL_AGENT_ID, nextRunAfter } from '@opsdeck/shared';
import type { JobDefinition } from '../jobs/scheduler.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import { runScraper } from './run.js';

/** How many due scrapers one tick claims; the rest wait for the next tick. */
const CLAIM_LIMIT = 5;

/**
 * Claims due local scrapers (FOR UPDATE SKIP LOCKED, so replicas never take the same one),
 * moves their next run forward in the same transaction, then runs them one by one.
 */
export const scrapeScheduler: JobDefinition = {
  name: 'ConfigScrapeScheduler',
  recordEmptyRuns: false,
  intervalSeconds: 30,
  runOnStart: true,
  async run(ctx, signal) {
    const claimed = await ctx.db.transaction(async (tx) => {
      const due = await tx.query<{ id: string; schedule: string | null }>(
        `SELECT s.id, coalesce(s.spec->>'schedule', s.schedule) AS schedule
         FROM config_scrapers s
         LEFT JOIN config_scraper_state st ON st.scraper_id = s.id
         WHERE s.deleted_at IS NULL AND s.agent_id = $1
           AND (st.next_run_at IS NULL OR st.next_run_at <= now())
           AND (st.running_until IS NULL OR st.running_until < now())
         ORDER BY st.next_run_at NULLS FIRST
         LIMIT $2
         FOR UPDATE OF s SKIP LOCKED`,
        [LOCAL_AGENT_ID, CLAIM_LIMIT],
      );
      for (const row of due.rows) {
        await tx.query(
          `INSERT INTO config_scraper_state (scraper_id, next_run_at) VALUES ($1, $2)
           ON CONFLICT (scraper_id) DO UPDATE SET next_run_at = EXCLUDED.next_run_at`,
          [row.id, nextRunAfter(row.schedule, new Date(), DEFAULT_SCRAPE_SCHEDULE)],
        );
      }
      return due.rows;
    });
    let errors = 0;
    for (const row of claimed) {
      if (signal.aborted) break;
      try {
        const r = await runScraper(ctx, row.id, signal);
        if (r.errors.length) errors++;
      } catch (e) {
        errors++;
        if (!isDatabaseUnavailable(e)) ctx.log.warn({ err: e, scraper: row.id }, 'scrape failed');
      }
    }
    return { success: claimed.length - errors, errors };
  },
};
