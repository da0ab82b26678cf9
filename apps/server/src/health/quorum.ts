/**
 * The quorum rule of located checks (docs/health.md, "Locations and quorum"): a check fails
 * when at least k of its locations report failure; a location without a fresh result (its
 * agent offline or gone, or no result within twice the schedule interval) is unknown and never
 * counts as a failure. Pure: the database side is location-results.ts.
 */

/** What one location says about a check now. */
export type LocationState = 'passing' | 'failing' | 'unknown';

/** Why a location is unknown, for the panel. */
export type UnknownReason = 'no result yet' | 'stale' | 'agent offline' | 'agent not found';

export type LocationInput = {
  /** The agent's id, the all-zero UUID for this server; null when no agent has the name. */
  id: string | null;
  name: string;
  /** The agent is online (always true for this server). */
  online: boolean;
  latest?: { pass: boolean; time: Date } | undefined;
};

export type JudgedLocation = LocationInput & { state: LocationState; reason?: UnknownReason };

export type QuorumVerdict = 'healthy' | 'unhealthy' | 'undecided';

export type Quorum = {
  verdict: QuorumVerdict;
  /** The threshold applied: the given one (at most n), else a strict majority of n. */
  k: number;
  n: number;
  failing: number;
  passing: number;
  unknown: number;
  locations: JudgedLocation[];
  /** One line for the check's status message. */
  message: string;
};

function judge(l: LocationInput, now: Date, staleAfterMs: number): JudgedLocation {
  if (l.id === null) return { ...l, state: 'unknown', reason: 'agent not found' };
  if (!l.online) return { ...l, state: 'unknown', reason: 'agent offline' };
  if (!l.latest) return { ...l, state: 'unknown', reason: 'no result yet' };
  if (now.getTime() - l.latest.time.getTime() > staleAfterMs)
    return { ...l, state: 'unknown', reason: 'stale' };
  return { ...l, state: l.latest.pass ? 'passing' : 'failing' };
}

/**
 * failing ≥ k → unhealthy; else at least one passing → healthy; else (only unknown, or fewer
 * than k failures and nothing passing) → undecided: the check keeps its last status.
 */
export function decideQuorum(
  locations: readonly LocationInput[],
  threshold: number | undefined,
  now: Date,
  staleAfterMs: number,
): Quorum {
  const judged = locations.map((l) => judge(l, now, staleAfterMs));
  const n = judged.length;
  const k = Math.max(1, Math.min(threshold ?? Math.floor(n / 2) + 1, n));
  const failing = judged.filter((l) => l.state === 'failing').length;
  const passing = judged.filter((l) => l.state === 'passing').length;
  const unknown = n - failing - passing;
  const verdict: QuorumVerdict = n > 0 && failing >= k ? 'unhealthy' : passing > 0 ? 'healthy' : 'undecided';
  const failed = judged.filter((l) => l.state === 'failing').map((l) => l.name);
  const message =
    `${failing} of ${n} locations failing (fails at ${k})` +
    (failed.length ? `: ${failed.join(', ')}` : '') +
    (unknown ? `; ${unknown} unknown` : '');
  return { verdict, k, n, failing, passing, unknown, locations: judged, message };
}
