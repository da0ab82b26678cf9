import { isRunnableCheckType, nextRunAfter } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/types.js';
import {
  type BatchCheck,
  definedChecks,
  parseCanarySpec,
  recordLocationResult,
  runCheckBatch,
  templateVars,
} from '../health/index.js';
import type { LocatedPull } from './upstream-client.js';

type Pulled = LocatedPull['canaries'][number];
type StoredRow = Omit<Pulled, 'updated_at'> & { next_runtime: Date | null };

/** The schedule of a canary that has none (the health scheduler's default). */
const DEFAULT_SCHEDULE = '@every 1m';

/** The spec the agent runs: the upstream's, without the fields that only mean something there. */
function runnableSpec(spec: unknown): unknown {
  if (!spec || typeof spec !== 'object') return spec;
  const { locations: _l, failureThreshold: _f, ...rest } = spec as Record<string, unknown>;
  return rest;
}

/**
 * Replaces the located canaries this agent runs with the ones the upstream named now (docs/agents.md,
 * "Located checks"): new ones are due at once, changed ones keep their next run, gone ones stop.
 */
export async function storeLocated(db: Db, pull: LocatedPull): Promise<number> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM located_canaries WHERE NOT (id = ANY($1::uuid[]))', [
      pull.canaries.map((c) => c.id),
    ]);
    if (!pull.canaries.length) return;
    await tx.query(
      `INSERT INTO located_canaries (id, name, namespace, labels, spec, schedule, checks, updated_at)
       SELECT id, name, namespace, labels, spec, schedule, checks, updated_at
       FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, name text, namespace text, labels jsonb, spec jsonb,
         schedule text, checks jsonb, updated_at timestamptz)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, namespace = EXCLUDED.namespace,
         labels = EXCLUDED.labels, spec = EXCLUDED.spec, schedule = EXCLUDED.schedule,
         checks = EXCLUDED.checks, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify(pull.canaries.map((c) => ({ ...c, spec: runnableSpec(c.spec) })))],
    );
  });
  return pull.canaries.length;
}

/** The checks of one located canary as this agent runs them: the spec's, under the upstream's ids. */
function batchOf(row: StoredRow, vars: Record<string, string>): BatchCheck[] {
  const { spec } = parseCanarySpec(row.spec);
  const defined = definedChecks(spec, { labels: row.labels ?? {} }, vars);
  return row.checks.flatMap((c) => {
    const d = defined.find((x) => x.type === c.type && x.name === c.name);
    if (!d || !isRunnableCheckType(d.type)) return [];
    return [{ id: c.id, type: d.type, name: d.name, spec: d.spec, namespace: d.namespace ?? row.namespace }];
  });
}

/**
 * Runs the located canaries that are due and keeps each result as this agent's location
 * result, for the push job to send. Returns the number of results.
 */
export async function runDueLocated(
  ctx: ServerContext,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  const { rows } = await ctx.db.query<StoredRow>(
    `SELECT id, name, namespace, labels, spec, schedule, checks, next_runtime FROM located_canaries
     WHERE next_runtime IS NULL OR next_runtime <= $1 ORDER BY name`,
    [now],
  );
  let results = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    await ctx.db.query('UPDATE located_canaries SET next_runtime = $2 WHERE id = $1', [
      row.id,
      nextRunAfter(row.schedule, now, DEFAULT_SCHEDULE),
    ]);
    let checks: BatchCheck[];
    try {
      checks = batchOf(row, templateVars(ctx));
    } catch (e) {
      ctx.log.warn({ err: e, canary: row.name }, 'a located canary from the upstream cannot be read');
      continue;
    }
    await runCheckBatch(
      ctx,
      checks,
      async (check, result) => {
        await recordLocationResult(ctx.db, check.id, result);
        results++;
      },
      { signal },
    );
  }
  return results;
}
