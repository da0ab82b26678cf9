import type { Config } from '../config.js';
import type { RetentionConfig } from '../config-retention.js';
import type { Queryable } from '../db/types.js';
import { pause } from '../lib/abort.js';
import type { JobDefinition } from './scheduler.js';

/**
 * One table's retention: rows (alias `t`) matching `olderThan` go, where `$1` is the kept
 * duration in seconds (compare with `now() - make_interval(secs => $1)`: the database's clock,
 * the same for every replica).
 */
export type RetentionRule = {
  /** The name job_history's details and the docs use. */
  name: string;
  table: string;
  /** The condition, or one per configuration (an agent may keep what a console deletes). */
  olderThan: string | ((config: Config) => string);
  /** How long rows are kept, from the configuration; null keeps everything. */
  keep(config: Config): number | null;
  /** Rows per DELETE when each takes others with it (ON DELETE CASCADE); RETENTION_BATCH else. */
  batchSize?: number;
};

/** Rows per DELETE: small enough that PGlite's one connection is free again within moments. */
export const RETENTION_BATCH = 2000;
/** The pause between two batches, so requests and other jobs get the database in between. */
const PAUSE_MS = 100;

/**
 * Deletes matching rows a batch at a time (never one huge DELETE that holds locks, WAL and
 * PGlite's only connection for minutes), pausing between batches, until none is left or
 * `signal` fires. Rows another replica's batch holds are skipped, so replicas share the work.
 */
export async function deleteInBatches(
  db: Queryable,
  signal: AbortSignal,
  table: string,
  where: string,
  params: readonly unknown[],
  options: { batchSize?: number; pauseMs?: number } = {},
): Promise<number> {
  const batch = options.batchSize ?? RETENTION_BATCH;
  let total = 0;
  while (!signal.aborted) {
    const r = await db.query(
      `DELETE FROM ${table} WHERE ctid = ANY (ARRAY(
         SELECT t.ctid FROM ${table} t WHERE ${where} LIMIT ${batch} FOR UPDATE SKIP LOCKED))`,
      params,
    );
    total += r.affectedRows;
    if (r.affectedRows < batch) break;
    await pause(options.pauseMs ?? PAUSE_MS, signal);
  }
  return total;
}

/** Applies each rule in turn; job_history's details say how many rows each one removed. */
export async function applyRetention(
  db: Queryable,
  config: Config,
  rules: readonly RetentionRule[],
  signal: AbortSignal,
): Promise<{ success: number; details: { deleted: Record<string, number | 'kept'> } }> {
  const deleted: Record<string, number | 'kept'> = {};
  let success = 0;
  for (const rule of rules) {
    const keepMs = rule.keep(config);
    if (keepMs === null) {
      deleted[rule.name] = 'kept';
      continue;
    }
    const where = typeof rule.olderThan === 'string' ? rule.olderThan : rule.olderThan(config);
    const n = await deleteInBatches(db, signal, rule.table, where, [keepMs / 1000], {
      batchSize: rule.batchSize,
    });
    deleted[rule.name] = n;
    success += n;
  }
  return { success, details: { deleted } };
}

/** A daily job applying `rules` (each domain has one for its own tables). */
export function retentionJob(name: string, cron: string, rules: readonly RetentionRule[]): JobDefinition {
  return {
    name,
    cron,
    run: (ctx, signal) => applyRetention(ctx.db, ctx.config, rules, signal),
  };
}

/** `keep` for one key of RETENTION_*. */
export function keepFor(key: keyof RetentionConfig): (config: Config) => number | null {
  return (config) => config.retention[key];
}

export const jobHistoryRetentionRules: RetentionRule[] = [
  {
    name: 'job_history',
    table: 'job_history',
    olderThan: `t.status <> 'RUNNING' AND t.created_at < now() - make_interval(secs => $1)`,
    keep: keepFor('jobHistory'),
  },
];

/** Keeps job_history bounded: finished runs older than RETENTION_JOB_HISTORY, daily. */
export const jobHistoryRetention = retentionJob('CleanupJobHistory', '17 3 * * *', jobHistoryRetentionRules);
