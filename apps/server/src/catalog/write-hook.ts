import { scrapeScheduleSchema, type ScrapeConfigSpec } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import { SpecWriteError, specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { scraperReachProblems, validateScraperSpec } from './validate.js';

/**
 * Why a valid spec may not be saved (or tried): it reaches outside what the server lets specs
 * reach (file roots, kubeconfigs). A connection that does not exist yet is kept: the scrape
 * fails with "connection X not found" until it does (docs/specs-as-code.md).
 */
export async function scraperReachProblem(
  spec: ScrapeConfigSpec,
  ctx: Pick<ServerContext, 'db' | 'config'>,
): Promise<string | undefined> {
  const problems = await scraperReachProblems(spec, fileAccess(ctx.config));
  return problems.length ? `spec: ${problems.join('; ')}` : undefined;
}

/**
 * Writes to /api/db/config_scrapers: the spec must validate (schema and JSONPaths) and stay within what the server lets specs reach (file roots, kubeconfigs);
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
