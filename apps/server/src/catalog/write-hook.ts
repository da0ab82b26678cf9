import { scrapeScheduleSchema, type ScrapeConfigSpec } from '@opsdeck/shared';
import type { DataWriteHook } from '../rest-hooks.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { scraperReachProblems, validateScraperSpec } from './validate.js';

/** A refused scraper write: 400 with `{code, message}`; nothing is stored. */
export class ScraperWriteError extends Error {
  readonly statusCode = 400;
  readonly code = 'OPSDECK_INVALID_SPEC';
}

/**
 * Writes to /api/db/config_scrapers: the spec must validate (schema and JSONPaths) and stay
 * within what the server lets specs reach (file roots, kubeconfigs), a POST needs a name,
 * and a saved scraper is scheduled to run at once.
 */
export const configScraperWriteHook: DataWriteHook = {
  async beforeWrite(rows, w) {
    const checked = rows.map((input) => {
      const row = { ...input };
      if (row.schedule !== undefined && row.schedule !== null) {
        const s = scrapeScheduleSchema.safeParse(row.schedule);
        if (!s.success) throw new ScraperWriteError(`schedule: ${s.error.issues[0]?.message ?? 'invalid'}`);
      }
      if ('spec' in row || w.method === 'POST') {
        const check = validateScraperSpec(row.spec);
        if (!check.ok) throw new ScraperWriteError(check.message);
        row.spec = check.spec;
        if (check.spec.schedule && row.schedule === undefined) row.schedule = check.spec.schedule;
      }
      if (w.method === 'POST' && (typeof row.name !== 'string' || row.name.trim() === '')) {
        throw new ScraperWriteError('name: This field is required');
      }
      if (w.method === 'PATCH') row.updated_at = new Date().toISOString();
      return row;
    });
    const access = fileAccess(w.ctx.config);
    for (const row of checked) {
      if (!('spec' in row)) continue;
      const problems = await scraperReachProblems(row.spec as ScrapeConfigSpec, access);
      if (problems.length) throw new ScraperWriteError(`spec: ${problems.join('; ')}`);
    }
    return checked;
  },
  async afterWrite(tx, rows) {
    const ids = rows.map((r) => r.id).filter((id): id is string => typeof id === 'string');
    if (ids.length === 0) return;
    await tx.query(
      `INSERT INTO config_scraper_state (scraper_id, next_run_at)
       SELECT id, now() FROM config_scrapers WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL
       ON CONFLICT (scraper_id) DO UPDATE SET next_run_at = now()`,
      [ids],
    );
  },
};
