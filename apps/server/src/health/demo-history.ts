import { prng } from '../lib/prng.js';

/** How the demo's past is sampled: one result per check every 10 minutes for 7 days. */
export const HISTORY_DAYS = 7;
export const HISTORY_STEP_MS = 10 * 60_000;

/** An incident in a check's past: minutes before now it began, how long it lasted, and why. */
type Outage = { agoMinutes: number; minutes: number; error: string };

type Profile = {
  /** Typical duration in ms at night; the working day adds up to 60 %. */
  baseMs: number;
  passMessage: string;
  outages?: Outage[];
  /** Fails every other run during these hours of the day (UTC), like a queue that keeps backing up. */
  flapHours?: [number, number];
  /** Fails on every run (the demo's deliberately broken checks). */
  alwaysFails?: string;
};

const DAY = 24 * 60;

/** Per demo check (health/seed.ts): its latency and the incidents of the last week. */
const PROFILES: Record<string, Profile> = {
  'api-liveness': {
    baseMs: 4,
    passMessage: 'HTTP 200 ok',
    outages: [
      { agoMinutes: 2 * DAY + 220, minutes: 10, error: 'connect ECONNREFUSED 127.0.0.1 (deploy restart)' },
    ],
  },
  'api-readiness': {
    baseMs: 9,
    passMessage: 'database ok',
    outages: [
      { agoMinutes: 5 * DAY + 130, minutes: 45, error: 'database unavailable: too many connections' },
      { agoMinutes: 2 * DAY + 220, minutes: 10, error: 'connect ECONNREFUSED 127.0.0.1 (deploy restart)' },
    ],
  },
  'api-liveness-by-connection': {
    baseMs: 5,
    passMessage: 'HTTP 200',
    outages: [
      { agoMinutes: 2 * DAY + 220, minutes: 10, error: 'connect ECONNREFUSED 127.0.0.1 (deploy restart)' },
    ],
  },
  'api-port': {
    baseMs: 1,
    passMessage: 'connected',
    outages: [{ agoMinutes: 2 * DAY + 220, minutes: 10, error: 'connect ECONNREFUSED 127.0.0.1' }],
  },
  'resolve-localhost': { baseMs: 2, passMessage: '1 record: 127.0.0.1' },
  'data-dir': { baseMs: 1, passMessage: 'folder readable' },
  'disk-space': {
    baseMs: 12,
    passMessage: 'disk used: 61%',
    outages: [{ agoMinutes: 4 * DAY + 600, minutes: 60, error: 'disk used: 97% (log volume filled up)' }],
  },
  'legacy-billing-api': { baseMs: 6, passMessage: 'HTTP 200', alwaysFails: 'expected status 200, got 404' },
  'ledger-db': { baseMs: 1, passMessage: 'connected', alwaysFails: 'connect ECONNREFUSED 127.0.0.1:9' },
  'settlement-queue': {
    baseMs: 25,
    passMessage: 'queue depth 12',
    flapHours: [9, 13],
    outages: [{ agoMinutes: 1 * DAY + 400, minutes: 25, error: 'queue depth 1200 (backlog)' }],
  },
  'status-page': {
    baseMs: 15,
    passMessage: 'version 0.1.0',
    outages: [{ agoMinutes: 3 * DAY + 800, minutes: 20, error: 'expected status 200, got 503' }],
  },
  'cdn-purge-worker': { baseMs: 8, passMessage: 'purged 0 objects' },
};

export type PastResult = {
  time: Date;
  pass: boolean;
  durationMs: number;
  message: string;
  error: string | null;
};

/** Daytime load: 1 at night, up to 1.6 in the afternoon (UTC). */
function loadAt(time: Date): number {
  const hour = time.getUTCHours() + time.getUTCMinutes() / 60;
  return 1 + 0.6 * Math.max(0, Math.sin((Math.PI * (hour - 7)) / 14));
}

function stringSeed(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The check's results over the last week, oldest first, ending at `now`. Same for every
 * install: the randomness is seeded by the check name.
 * Undefined for a check the demo does not know.
 */
export function pastResults(checkName: string, now: Date): PastResult[] | undefined {
  const profile = PROFILES[checkName];
  if (!profile) return undefined;
  const random = prng(stringSeed(checkName));
  const count = (HISTORY_DAYS * DAY * 60_000) / HISTORY_STEP_MS;
  const results: PastResult[] = [];
  for (let i = count; i >= 0; i--) {
    const time = new Date(now.getTime() - i * HISTORY_STEP_MS);
    const agoMinutes = (i * HISTORY_STEP_MS) / 60_000;
    const outage = profile.outages?.find(
      (o) => agoMinutes <= o.agoMinutes && agoMinutes > o.agoMinutes - o.minutes,
    );
    const hour = time.getUTCHours();
    const flapping =
      profile.flapHours !== undefined &&
      hour >= profile.flapHours[0] &&
      hour < profile.flapHours[1] &&
      i % 2 === 1;
    const error = profile.alwaysFails ?? outage?.error ?? (flapping ? 'queue depth 1200 (backlog)' : null);
    // Skewed jitter: mostly near the base, now and then a slow run (the p99 tail).
    const jitter = random() ** 3 * 3;
    const slowDuringOutage = outage ? 4 : 1;
    const durationMs = Math.max(
      1,
      Math.round(profile.baseMs * loadAt(time) * (1 + jitter) * slowDuringOutage),
    );
    results.push({
      time,
      pass: error === null,
      durationMs,
      message: error === null ? profile.passMessage : '',
      error,
    });
  }
  return results;
}
