import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { liveAgents, locatedOf, resolveLocations, staleAfterMs } from './locations.js';
import { decideQuorum, type Quorum } from './quorum.js';
import { recordCheckResult } from './record.js';
import type { CheckResult } from './run-check.js';

/** One location's result of a located check (this server's location is the all-zero id). */
export async function recordLocationResult(
  db: Queryable,
  checkId: string,
  result: CheckResult,
  location = LOCAL_AGENT_ID,
): Promise<void> {
  await db.query(
    `INSERT INTO check_location_statuses (check_id, location, time, status, duration, message, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [checkId, location, result.time, result.pass, result.durationMs, result.message, result.error],
  );
}

type LatestRow = {
  check_id: string;
  location: string;
  time: Date;
  status: boolean;
  duration: number | null;
  message: string | null;
  error: string | null;
};

export type LocationDetail = Quorum['locations'][number] & {
  time: Date | null;
  duration: number | null;
  message: string | null;
  error: string | null;
};

export type CheckQuorum = Omit<Quorum, 'locations'> & {
  checkId: string;
  status: string | null;
  nextRuntime: Date | null;
  locations: LocationDetail[];
};

type CheckRow = {
  id: string;
  status: string | null;
  next_runtime: Date | null;
  spec: unknown;
  schedule: string | null;
};

/** The quorum of each located check among `checkIds` now (others are left out). */
export async function quorumOf(
  db: Queryable,
  checkIds: readonly string[],
  now: Date,
): Promise<CheckQuorum[]> {
  if (!checkIds.length) return [];
  const { rows: checks } = await db.query<CheckRow>(
    `SELECT k.id, k.status, k.next_runtime, c.spec, c.schedule FROM checks k JOIN canaries c ON c.id = k.canary_id
     WHERE k.id = ANY($1::uuid[]) AND k.deleted_at IS NULL AND c.deleted_at IS NULL AND c.spec ? 'locations'`,
    [checkIds],
  );
  if (!checks.length) return [];
  const agents = await liveAgents(db);
  const plans = checks.flatMap((c) => {
    const located = locatedOf(c.spec);
    return located ? [{ check: c, located, places: resolveLocations(located.locations, agents) }] : [];
  });
  const pairs = plans.flatMap((p) => p.places.flatMap((l) => (l.id ? [[p.check.id, l.id] as const] : [])));
  // The newest result of each (check, location): one index probe each (primary key order).
  const { rows: latest } = pairs.length
    ? await db.query<LatestRow>(
        `SELECT s.* FROM unnest($1::uuid[], $2::uuid[]) AS p(check_id, location)
         CROSS JOIN LATERAL (SELECT check_id, location, time, status, duration, message, error
           FROM check_location_statuses x WHERE x.check_id = p.check_id AND x.location = p.location
           ORDER BY time DESC LIMIT 1) s`,
        [pairs.map(([c]) => c), pairs.map(([, l]) => l)],
      )
    : { rows: [] as LatestRow[] };
  const byPair = new Map(latest.map((r) => [`${r.check_id}/${r.location}`, r]));
  return plans.map(({ check, located, places }) => {
    const rowsOf = places.map((l) => (l.id ? byPair.get(`${check.id}/${l.id}`) : undefined));
    const q = decideQuorum(
      places.map((l, i) => {
        const r = rowsOf[i];
        return { ...l, latest: r ? { pass: r.status, time: new Date(r.time) } : undefined };
      }),
      located.failureThreshold,
      now,
      staleAfterMs(check.schedule, now),
    );
    return {
      ...q,
      checkId: check.id,
      status: check.status,
      nextRuntime: check.next_runtime,
      locations: q.locations.map((l, i) => {
        const r = rowsOf[i];
        return {
          ...l,
          time: r ? new Date(r.time) : null,
          duration: r?.duration ?? null,
          message: r?.message ?? null,
          error: r?.error ?? null,
        };
      }),
    };
  });
}

/**
 * Decides located checks from their locations' latest results and records the decision as the
 * check's own result (check_statuses, the check's status and its events), as a run does:
 * `always` at each scheduled run, `onChange` when results arrive in between (an agent's push),
 * so a change shows at once without a verdict row per location result. An undecided quorum
 * records nothing: the check keeps its last status.
 */
export async function decideLocatedChecks(
  db: Queryable,
  checkIds: readonly string[],
  mode: 'always' | 'onChange',
  now = new Date(),
  nextRuntime?: Date | null,
): Promise<CheckQuorum[]> {
  const all = await quorumOf(db, checkIds, now);
  for (const q of all) {
    if (q.verdict === 'undecided') continue;
    if (mode === 'onChange' && q.verdict === q.status) continue;
    const fresh = q.locations.filter((l) => l.state !== 'unknown');
    const durations = fresh.map((l) => l.duration ?? 0);
    const failingError = fresh.find((l) => l.state === 'failing');
    await recordCheckResult(
      db,
      q.checkId,
      {
        time: now,
        pass: q.verdict === 'healthy',
        durationMs: durations.length
          ? Math.round(durations.reduce((a, b) => a + b, 0) / durations.length)
          : 0,
        message: q.message,
        error:
          q.verdict === 'unhealthy' && failingError
            ? `${failingError.name}: ${failingError.error ?? failingError.message ?? 'failed'}`
            : null,
        details: { quorum: { k: q.k, n: q.n, failing: q.failing, passing: q.passing, unknown: q.unknown } },
      },
      nextRuntime === undefined ? q.nextRuntime : nextRuntime,
    );
  }
  return all;
}
