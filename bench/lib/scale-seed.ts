import type { Db } from '../../apps/server/src/db/types.js';
import { rollUpCheckStatuses } from '../../apps/server/src/health/rollup.js';
import { REFRESH_CANARY_SUMMARIES } from '../../apps/server/src/health/summary-sql.js';
import { syncCanaryChecks } from '../../apps/server/src/health/sync.js';
import { seedCatalog } from '../catalog.js';
import { STATS_OF_THE_LAST_HOUR } from '../health.js';
import { seedIncidents } from '../incidents.js';
import { generate as seedTopology } from '../topology.js';

/** Today's benchmark sizes; the scale benchmark seeds `scale` times these. */
export const BASE_SIZES = {
  checks: 10_000,
  items: 100_000,
  changes: 1_000_000,
  /** Clusters of 10 namespaces × 49 pods: 10 make the topology benchmark's 5,110 components. */
  clusters: 10,
  incidents: 50_000,
};

export type Sizes = typeof BASE_SIZES;

export function sizesAt(scale: number): Sizes {
  const s = (n: number) => Math.round(n * scale);
  return {
    checks: s(BASE_SIZES.checks),
    items: s(BASE_SIZES.items),
    changes: s(BASE_SIZES.changes),
    clusters: s(BASE_SIZES.clusters),
    incidents: s(BASE_SIZES.incidents),
  };
}

const CHECKS_PER_CANARY = 100;
/** Raw statuses: one every 15 minutes per check over the last 26 hours (the 24-hour window and its edges). */
const RAW_EVERY_MINUTES = 15;
const RAW_HOURS = 26;
/** Hourly roll-up buckets for the rest of the week, and daily ones for all of it. */
const WEEK_HOURS = 7 * 24;

/**
 * `checks` checks in canaries of 100 with a week of history as a running console leaves it:
 * raw statuses for the last 26 hours rolled up by the real roll-up (hourly buckets, their
 * seconds, the 24-hour sums), older hourly and daily buckets, each check's trailing-hour stats
 * and its cached summary entry. No canary is due (next run in 30 days): scheduleHttpChecks
 * makes some of them run.
 */
async function seedHealth(db: Db, checks: number, progress: (what: string) => void): Promise<void> {
  const canaries = Math.ceil(checks / CHECKS_PER_CANARY);
  await db.query(
    `INSERT INTO canaries (name, namespace, labels, spec, schedule, next_runtime)
     SELECT 'canary-' || g, 'ns-' || (g % 7), jsonb_build_object('team', 'team-' || (g % 5)), '{}', '@every 5m',
       now() + interval '30 days'
     FROM generate_series(1, $1) g`,
    [canaries],
  );
  await db.query(
    `INSERT INTO checks (canary_id, name, namespace, type, endpoint, labels, status, last_runtime, last_transition_time)
     SELECT c.id, 'check-' || g, c.namespace, (ARRAY['http','tcp','dns','exec'])[1 + g % 4], 'http://svc-' || g || '.local/',
       c.labels || jsonb_build_object('tier', 'tier-' || (g % 3)), CASE WHEN g % 13 = 0 THEN 'unhealthy' ELSE 'healthy' END,
       now(), now() - interval '1 hour'
     FROM canaries c, generate_series(1, $1) g WHERE c.name LIKE 'canary-%'`,
    [CHECKS_PER_CANARY],
  );
  progress(`${checks} checks`);
  // Oldest first, as runs append them (the time index relies on that order), a slice at a time.
  for (let m = RAW_HOURS * 60; m >= 0; m -= RAW_EVERY_MINUTES) {
    await db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message)
       SELECT k.id, date_trunc('minute', now()) - $1 * interval '1 minute', (random() * 400)::int, random() > 0.05, 'ok'
       FROM checks k JOIN canaries c ON c.id = k.canary_id WHERE c.name LIKE 'canary-%'`,
      [m],
    );
  }
  progress(`raw statuses (${RAW_HOURS} h)`);
  await db.query(STATS_OF_THE_LAST_HOUR);
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM canaries WHERE name LIKE 'canary-%'`);
  for (const c of rows) await db.query(REFRESH_CANARY_SUMMARIES, [c.id]);
  await rollUpCheckStatuses(db);
  progress('roll-up of the last day');
  for (let h = RAW_HOURS + 1; h <= WEEK_HOURS; h++) {
    await db.query(
      `INSERT INTO check_statuses_1h (check_id, time, passed, failed, duration_sum, duration_max, p95, p97, p99)
       SELECT k.id, date_trunc('hour', now()) - $1 * interval '1 hour', 3 + (k.status = 'healthy')::int, 1 - (k.status = 'healthy')::int,
         800, 390, 380, 385, 390
       FROM checks k JOIN canaries c ON c.id = k.canary_id WHERE c.name LIKE 'canary-%'
       ON CONFLICT DO NOTHING`,
      [h],
    );
  }
  await db.query(
    `INSERT INTO check_statuses_1d (check_id, time, passed, failed, duration_sum, duration_max, p95, p97, p99)
     SELECT k.id, date_trunc('day', now()) - d * interval '1 day', 92, 4, 19200, 399, 380, 385, 390
     FROM checks k JOIN canaries c ON c.id = k.canary_id, generate_series(1, 7) d WHERE c.name LIKE 'canary-%'
     ON CONFLICT DO NOTHING`,
  );
  progress('a week of hourly and daily buckets');
}

/**
 * Makes the checks of the first `count / 100` canaries http checks against `url`, due every
 * `schedule`, first runs spread over the next minute: the scheduler then runs `count` checks.
 * Run on every start (the target's port changes), through the real spec sync.
 */
export async function scheduleHttpChecks(
  db: Db,
  count: number,
  url: string,
  schedule: string,
): Promise<void> {
  const canaries = Math.ceil(count / CHECKS_PER_CANARY);
  const http = Array.from({ length: CHECKS_PER_CANARY }, (_, i) => ({
    name: `check-${i + 1}`,
    url,
    responseCodes: [200],
  }));
  // The seeded types vary; a running one is http, as its spec says (sync keys checks by type and name).
  await db.query(
    `UPDATE checks k SET type = 'http' FROM canaries c
     WHERE c.id = k.canary_id AND c.name = ANY (SELECT 'canary-' || g FROM generate_series(1, $1) g) AND k.type <> 'http'`,
    [canaries],
  );
  for (let i = 1; i <= canaries; i++) {
    const { rows } = await db.query<{ id: string }>(
      `UPDATE canaries SET spec = $2, schedule = $3,
         next_runtime = now() + interval '10 seconds' + ($1::float / $4) * interval '1 minute'
       WHERE name = 'canary-' || $1 RETURNING id`,
      [i, JSON.stringify({ http, schedule }), schedule, canaries],
    );
    await syncCanaryChecks(db, rows[0]!.id);
  }
}

/**
 * The seeded topology has no spec to build: were it due, the scheduler would rebuild it from
 * that empty spec and retire every seeded component. Called on every start (a kept database).
 */
export async function holdSeededTopology(db: Db): Promise<void> {
  await db.query(`UPDATE topologies SET next_runtime = now() + interval '30 days' WHERE name = 'bench'`);
}

/**
 * The seeded items stand for a live estate, but nothing pushes them: their push scraper would
 * age every one of them out (a million soft-deletes and DELETE changes at its first run). A
 * database seeded before the seed said so is told here, on every start (a kept database).
 */
export async function keepSeededItems(db: Db): Promise<void> {
  await db.query(
    `UPDATE config_scrapers SET spec = spec || '{"retention": {"staleItemAge": "keep"}}'::jsonb
     WHERE id = '00000000-0000-0000-0000-00000000b001'`,
  );
}

/** Whether `db` already holds this scale's data (a kept database, BENCH_SCALE_DATABASE_URL). */
export async function seededScale(db: Db): Promise<number | undefined> {
  const { rows } = await db
    // No such table: not seeded (the error is the answer).
    .query<{ scale: number }>('SELECT scale FROM bench_scale_seed')
    .catch(() => ({ rows: [] as { scale: number }[] }));
  return rows[0]?.scale;
}

/** Seeds every area at `scale` times today's sizes (the incidents last: they vacuum the database). */
export async function seedScale(db: Db, scale: number, progress: (what: string) => void): Promise<void> {
  const sizes = sizesAt(scale);
  const topology = await seedTopology(db, sizes.clusters);
  progress(`${topology.components} components`);
  await seedHealth(db, sizes.checks, progress);
  await seedCatalog(db, sizes.items, sizes.changes, progress);
  await seedIncidents(db, sizes.incidents);
  progress(`${sizes.incidents} incidents`);
  await db.exec('CREATE TABLE bench_scale_seed (scale real NOT NULL)');
  await db.query('INSERT INTO bench_scale_seed VALUES ($1)', [scale]);
}
