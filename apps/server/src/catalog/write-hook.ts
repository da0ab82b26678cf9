import { scrapeScheduleSchema, type ScrapeConfigSpec } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import { connectionReferenceProblems } from '../connections/index.js';
import { SpecWriteError, specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { scraperConnections, scraperReachProblems, validateScraperSpec } from './validate.js';

/**
 * Why a valid spec may not be saved (or tried): a connection it names does not exist, or it
 * reaches outside what the server lets specs reach (file roots, kubeconfigs).
 */
export async function scraperReachProblem(
  spec: ScrapeConfigSpec,
  ctx: Pick<ServerContext, 'db' | 'config'>,
): Promise<string | undefined> {
  const missing = await connectionReferenceProblems(ctx.db, scraperConnections(spec));
  if (missing.length) return missing.join('; ');
  const problems = await scraperReachProblems(spec, fileAccess(ctx.config));
  return problems.length ? `spec: ${problems.join('; ')}` : undefined;
}

/**
 * Writes to /api/db/config_scrapers: the spec must validate (schema and JSONPaths), name only
 * live connections, and stay within what the server lets specs reach (file roots, kubeconfigs);
 * a POST needs a name, and a saved scraper is scheduled to run at once.
 */
export const configScraperWriteHook = specResourceWriteHook({
  scheduleSchema: scrapeScheduleSchema,
  parseSpec(input) {
    const check = validateScraperSpec(input);
    if (!check.ok) throw new SpecWriteError(check.message);
    // The spec's schedule only fills an unset column: the settings form's choice wins.
    return { spec: check.spec, defaults: check.spec.schedule ? { schedule: check.spec.schedule } : {} };
  },
  reachProblem: (spec, w) => scraperReachProblem(spec, w.ctx),
  async sync(tx, ids) {
    await tx.query(
      `INSERT INTO config_scraper_state (scraper_id, next_run_at)
       SELECT id, now() FROM config_scrapers WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL
       ON CONFLICT (scraper_id) DO UPDATE SET next_run_at = now()`,
      [ids],
    );
  },
});
