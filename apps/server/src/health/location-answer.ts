import type { CheckLocationsAnswer } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { quorumOf } from './location-results.js';

/** What the check panel shows of a located check now; `{located: false}` for any other check. */
export async function checkLocationsAnswer(db: Queryable, checkId: string): Promise<CheckLocationsAnswer> {
  const [q] = await quorumOf(db, [checkId], new Date());
  if (!q) return { located: false };
  return {
    located: true,
    verdict: q.verdict,
    k: q.k,
    n: q.n,
    failing: q.failing,
    passing: q.passing,
    unknown: q.unknown,
    locations: q.locations.map((l) => ({
      id: l.id,
      name: l.name,
      state: l.state,
      ...(l.reason ? { reason: l.reason } : {}),
      time: l.time ? l.time.toISOString() : null,
      duration: l.duration,
      message: l.message,
      error: l.error,
    })),
  };
}
