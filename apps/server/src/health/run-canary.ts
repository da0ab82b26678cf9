import { isRunnableCheckType, LOCAL_AGENT_ID, nextRunAfter } from '@opsdeck/shared';
import { recordJob } from '../jobs/history.js';
import { type BatchCheck, runCheckBatch } from './check-batch.js';
import { type KnownDependency, transitiveDependsOn } from './depends.js';
import { decideLocatedChecks, recordLocationResult } from './location-results.js';
import { type Located, locatedOf, runsLocally } from './locations.js';
import { recordCheckResult } from './record.js';
import { type HealthContext, templateVars } from './runtime.js';
import { DEFAULT_SCHEDULE } from './schedule.js';
import { syncCanaryChecks } from './sync.js';
import { NOT_TRANSFORMED, recordTransformed, TRANSFORMED_FROM } from './transformed.js';

type CheckRow = BatchCheck;

/** How a run records: as the check's result, or as this server's location of a located check. */
type Recording = { located: Located | undefined; now: Date };

export type RunSummary = { total: number; failed: number; success: number; errors: string[] };

/**
 * Runs checks (runCheckBatch) and records each result as it completes; `known` gives the
 * last status of dependencies that are not part of this run (Run Now).
 */
async function runChecks(
  ctx: HealthContext,
  checks: CheckRow[],
  nextRuntime: Date | null,
  signal?: AbortSignal,
  known?: Map<string, KnownDependency>,
  recording: Recording = { located: undefined, now: new Date() },
): Promise<RunSummary> {
  const summary: RunSummary = { total: checks.length, failed: 0, success: 0, errors: [] };
  const { located } = recording;
  // A located canary not run here: its checks are decided from its agents' latest results.
  if (located && !runsLocally(located)) {
    await decideLocatedChecks(
      ctx.db,
      checks.map((c) => c.id),
      'always',
      recording.now,
      nextRuntime,
    );
    return summary;
  }
  await runCheckBatch(
    ctx,
    checks,
    async (check, result) => {
      if (located) {
        await recordLocationResult(ctx.db, check.id, result);
        await decideLocatedChecks(ctx.db, [check.id], 'always', result.time, nextRuntime);
      } else await recordCheckResult(ctx.db, check.id, result, nextRuntime);
      if (!located && result.transformed?.length)
        await recordTransformed(ctx.db, check, result, result.transformed, nextRuntime);
      if (result.pass) summary.success++;
      else {
        summary.failed++;
        summary.errors.push(`${check.name}: ${result.error ?? result.message}`);
      }
    },
    { signal, known },
  );
  return summary;
}

/**
 * One scheduled run of a canary, recorded in job_history: reconcile its checks with the
 * spec, run the runnable ones, store the results.
 */
export async function runCanary(
  ctx: HealthContext,
  canary: { id: string; name: string; schedule: string | null },
  now = new Date(),
  signal?: AbortSignal,
): Promise<RunSummary> {
  return recordJob(
    ctx,
    { name: 'Canary', resourceId: canary.id, resourceType: 'canary', agentId: LOCAL_AGENT_ID },
    async () => {
      await syncCanaryChecks(ctx.db, canary.id, templateVars(ctx), { skipUnchanged: true });
      const { rows } = await ctx.db.query<CheckRow & { locations: unknown }>(
        `SELECT k.id, k.type, k.name, k.spec, k.namespace,
           CASE WHEN c.spec ? 'locations' THEN c.spec END AS locations
         FROM checks k JOIN canaries c ON c.id = k.canary_id
         WHERE k.canary_id = $1 AND k.deleted_at IS NULL AND ${NOT_TRANSFORMED} ORDER BY k.name`,
        [canary.id],
      );
      const runnable = rows.filter((c) => isRunnableCheckType(c.type));
      const nextRun = nextRunAfter(canary.schedule, now, DEFAULT_SCHEDULE);
      const located = locatedOf(rows[0]?.locations);
      const summary = await runChecks(ctx, runnable, nextRun, signal, undefined, { located, now });
      return {
        ...summary,
        success: summary.success,
        errors: summary.failed,
        details: { errors: summary.errors },
      };
    },
  ).then((r) => ({ total: r.total, failed: r.failed, success: r.success, errors: r.details.errors }));
}

export class CheckNotFoundError extends Error {}

/** "Run Now" on one check: runs it at once and records the result like a scheduled run. */
export async function runCheckNow(ctx: HealthContext, checkId: string): Promise<RunSummary> {
  const { rows } = await ctx.db.query<
    CheckRow & { next_runtime: Date | null; canary_id: string; locations: unknown }
  >(
    `SELECT k.id, k.type, k.name, k.spec, k.namespace, k.canary_id, c.next_runtime,
       CASE WHEN c.spec ? 'locations' THEN c.spec END AS locations
     FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.id = $1 AND k.deleted_at IS NULL AND c.deleted_at IS NULL`,
    [checkId],
  );
  const check = rows[0];
  if (!check) throw new CheckNotFoundError(`check ${checkId} not found`);
  // A check a transform produced is refreshed by running the check that produced it.
  const parent = (check.spec as Record<string, unknown> | null)?.[TRANSFORMED_FROM];
  if (typeof parent === 'string' && parent !== checkId) return runCheckNow(ctx, parent);
  if (!isRunnableCheckType(check.type)) {
    return {
      total: 1,
      failed: 1,
      success: 0,
      errors: [`${check.type} checks are accepted but not run by this server`],
    };
  }
  const summary = await runChecks(
    ctx,
    [check],
    check.next_runtime,
    undefined,
    await dependencyStatuses(ctx, check),
    { located: locatedOf(check.locations), now: new Date() },
  );
  // The person who asked for the run looks for it next: a shared summary ends here, as for a status change.
  await ctx.db.query('UPDATE health_changes SET n = n + 1');
  return summary;
}

/**
 * The last result of the checks a check depends on, directly or through others, for Run Now
 * (they are not run with it): whether each passed, and what it gives `outputs.<name>`.
 */
async function dependencyStatuses(
  ctx: HealthContext,
  check: CheckRow & { canary_id: string },
): Promise<Map<string, KnownDependency>> {
  const { rows: all } = await ctx.db.query<{ name: string; spec: unknown }>(
    `SELECT k.name, k.spec FROM checks k WHERE k.canary_id = $1 AND k.deleted_at IS NULL AND ${NOT_TRANSFORMED}`,
    [check.canary_id],
  );
  const specs = new Map<string, unknown[]>();
  for (const c of all) specs.set(c.name, [...(specs.get(c.name) ?? []), c.spec]);
  specs.set(check.name, [check.spec]);
  const deps = transitiveDependsOn(check.name, specs);
  if (!deps.length) return new Map();
  const { rows } = await ctx.db.query<{
    name: string;
    type: string;
    healthy: boolean;
    duration: number | null;
    message: string | null;
    error: string | null;
    details: Record<string, unknown> | null;
  }>(
    `SELECT k.name, k.type, k.status = 'healthy' AS healthy, s.duration, s.message, s.error, s.details
     FROM checks k
     LEFT JOIN LATERAL (SELECT duration, message, error, details FROM check_statuses
       WHERE check_id = k.id ORDER BY time DESC LIMIT 1) s ON true
     WHERE k.canary_id = $1 AND k.deleted_at IS NULL AND k.name = ANY($2::text[])`,
    [check.canary_id, deps],
  );
  const known = new Map<string, KnownDependency>();
  for (const r of rows) {
    // A name several checks share passes only when all of them passed; the first gives outputs.
    const before = known.get(r.name);
    const ok = r.healthy === true && (before?.ok ?? true);
    const result = {
      pass: true,
      message: r.message ?? '',
      error: r.error,
      durationMs: r.duration ?? 0,
      details: r.details ?? {},
    };
    const output = before?.output ?? { type: r.type, result };
    known.set(r.name, ok ? { ok, output } : { ok });
  }
  return known;
}
