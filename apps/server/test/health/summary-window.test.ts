import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { recordCheckResult } from '../../src/health/record.js';
import { rollUpCheckStatuses } from '../../src/health/rollup.js';
import { DB_KINDS, freshDb, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Entry = {
  id: string;
  name: string;
  uptime: { passed: number; failed: number };
  latency: { p95: number; p97: number; p99: number };
};
type Counts = Map<string, { passed: number; failed: number }>;

const MIN = 60_000;
/**
 * Windows and how many runs of `steady` (one every 5 minutes) each holds. 2h and 150m start
 * half an hour apart, as do 24h and 1470m: in each pair one starts in the first half of an
 * hour and one in the second, so both ways of counting the first hour are used.
 */
const WINDOWS: [string, number, number][] = [
  ['2h', 120 * MIN, 24],
  ['150m', 150 * MIN, 30],
  ['24h', 1440 * MIN, 288],
  ['1470m', 1470 * MIN, 294],
  ['7d', 7 * 1440 * MIN, 361],
];

describe.each(DB_KINDS)('the summary over windows longer than an hour, on %s', (kind) => {
  let server: TestServer;
  let viewer: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    viewer = await signIn(server, 'viewer');
    const { rows } = await server.db.query<{ id: string }>(
      "INSERT INTO canaries (name, namespace) VALUES ('windows', 'default') RETURNING id",
    );
    const checks = await server.db.query<{ id: string; name: string }>(
      `INSERT INTO checks (canary_id, name, type)
       SELECT $1, n, 'http' FROM unnest(ARRAY['steady', 'recent', 'new', 'idle']) n RETURNING id, name`,
      [rows[0]!.id],
    );
    for (const c of checks.rows) ids[c.name] = c.id;
    // Each check answers in a constant time, so every way of combining percentiles gives it.
    // steady: every 5 minutes for 30 hours, recent: every minute for 3 hours, one run in 7
    // failing; both rolled up before their last runs, which the roll-up has not read yet.
    await server.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status)
       SELECT $1, date_trunc('minute', now()) - g * interval '5 minutes' - interval '17 seconds', 100, g % 7 <> 0
       FROM generate_series(2, 360) g`,
      [ids.steady],
    );
    await server.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status)
       SELECT $1, date_trunc('minute', now()) - g * interval '1 minute' - interval '41 seconds', 250, g % 7 <> 0
       FROM generate_series(3, 180) g`,
      [ids.recent],
    );
    await rollUpCheckStatuses(server.db);
    // Runs after the roll-up, recorded as the runner records them; `new` has no bucket at all.
    const run = async (id: string, agoMs: number, durationMs: number, pass: boolean) =>
      recordCheckResult(
        server.db,
        id,
        {
          time: new Date(Date.now() - agoMs),
          durationMs,
          pass,
          message: '',
          error: pass ? null : 'down',
          details: {},
        },
        null,
      );
    for (const ago of [300_000, 10_000]) await run(ids.steady!, ago, 100, ago > 100_000);
    for (const ago of [120_000, 60_000, 5_000]) await run(ids.recent!, ago, 250, ago !== 60_000);
    for (const ago of [90_000, 30_000]) await run(ids.new!, ago, 40, true);
  });
  afterAll(async () => {
    await server.close();
  });

  /** What raw statuses give, as the summary counted them before it read roll-ups. */
  const rawCounts = async (windowMs: number): Promise<Counts> => {
    const { rows } = await server.db.query<{ check_id: string; passed: number; failed: number }>(
      `SELECT check_id, count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed
       FROM check_statuses WHERE time > now() - $1 * interval '1 millisecond' GROUP BY check_id`,
      [windowMs],
    );
    return new Map(rows.map((r) => [r.check_id, { passed: r.passed, failed: r.failed }]));
  };
  const summary = async (window: string): Promise<Entry[]> => {
    const res = await fetch(`${server.baseUrl}/api/canary/api/summary?window=${window}`, {
      headers: viewer.headers,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { checks_summary: Entry[] }).checks_summary;
  };
  /**
   * The summary with the raw counts of the same moment: a window slides with the clock, so
   * when a status leaves it between the two readings, they are read again.
   */
  const summaryWithRaw = async (window: string, windowMs: number) => {
    for (;;) {
      const before = await rawCounts(windowMs);
      const entries = await summary(window);
      const after = await rawCounts(windowMs);
      if (JSON.stringify([...before]) === JSON.stringify([...after])) return { entries, raw: before };
    }
  };

  it.each(WINDOWS)(
    'counts passed and failed over %s exactly as raw statuses do',
    async (window, ms, runs) => {
      const { entries, raw } = await summaryWithRaw(window, ms);
      expect(entries).toHaveLength(4);
      for (const e of entries)
        expect(e.uptime, e.name).toMatchObject(raw.get(e.id) ?? { passed: 0, failed: 0 });
      // The data reach every piece: whole hours, the window's first hour, runs not rolled up yet.
      const steady = entries.find((e) => e.name === 'steady')!;
      expect(steady.uptime.passed + steady.uptime.failed).toBe(runs);
      expect(entries.find((e) => e.name === 'new')!.uptime).toMatchObject({ passed: 2, failed: 0 });
      expect(entries.find((e) => e.name === 'idle')!.uptime).toMatchObject({ passed: 0, failed: 0 });
    },
  );

  it('gives each check its latency', async () => {
    const entries = await summary('24h');
    const latency = (name: string) => entries.find((e) => e.name === name)!.latency;
    expect(latency('steady')).toMatchObject({ p95: 100, p97: 100, p99: 100 });
    expect(latency('recent')).toMatchObject({ p95: 250, p97: 250, p99: 250 });
    expect(latency('new')).toMatchObject({ p95: 40, p97: 40, p99: 40 });
    expect(latency('idle')).toMatchObject({ p95: 0, p97: 0, p99: 0 });
  });

  it('writes the same entries from cached check fields as from scratch', async () => {
    for (;;) {
      const before = await rawCounts(1440 * MIN);
      const cached = await summary('24h');
      await server.db.query("UPDATE check_summaries SET stats_at = stats_at - interval '2 hours'");
      const built = await summary('24h');
      await server.db.query("UPDATE check_summaries SET stats_at = stats_at + interval '2 hours'");
      const after = await rawCounts(1440 * MIN);
      if (JSON.stringify([...before]) !== JSON.stringify([...after])) continue;
      expect(cached).toEqual(built);
      return;
    }
  });

  it("reads a 24h window's whole hours from the roll-up's per-check sums, and the buckets when they do not fit", async () => {
    const span = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_statuses_1h_span',
    );
    // steady and recent have buckets in the covered hours.
    expect(span.rows[0]?.n).toBe(2);
    const counted = async () => {
      for (;;) {
        const before = await rawCounts(1440 * MIN);
        const entries = await summary('24h');
        const after = await rawCounts(1440 * MIN);
        if (JSON.stringify([...before]) === JSON.stringify([...after])) return { entries, raw: before };
      }
    };
    // Sums that double-count: read while their range fits the window,
    const right = await counted();
    await server.db.query('UPDATE check_statuses_1h_span SET passed = passed * 2, failed = failed * 2');
    const doubled = await counted();
    const sums = await server.db.query<{ check_id: string; passed: string }>(
      'SELECT check_id, passed FROM check_statuses_1h_span',
    );
    for (const { check_id, passed } of sums.rows) {
      const entry = (e: Entry[]) => e.find((x) => x.id === check_id)!.uptime.passed;
      expect(entry(doubled.entries) - entry(right.entries)).toBe(Number(passed) / 2);
    }
    // not with a range that starts an hour early.
    await server.db.query(
      "UPDATE check_statuses_1h_span_range SET from_hour = from_hour - interval '1 hour'",
    );
    const fallback = await counted();
    for (const e of fallback.entries)
      expect(e.uptime, e.name).toMatchObject(fallback.raw.get(e.id) ?? { passed: 0, failed: 0 });
    // The next pass puts both right, and the sums are read again.
    await rollUpCheckStatuses(server.db);
    const fresh = await counted();
    for (const e of fresh.entries)
      expect(e.uptime, e.name).toMatchObject(fresh.raw.get(e.id) ?? { passed: 0, failed: 0 });
  });

  it('answers for one check as for all', async () => {
    const res = await fetch(`${server.baseUrl}/api/canary/api/summary?window=24h&check_id=${ids.recent}`, {
      headers: viewer.headers,
    });
    const one = ((await res.json()) as { checks_summary: Entry[] }).checks_summary;
    expect(one.map((e) => e.name)).toEqual(['recent']);
    const all = await summary('24h');
    expect(one[0]?.uptime).toEqual(all.find((e) => e.name === 'recent')?.uptime);
  });
});

describe.each(DB_KINDS)('the hourly roll-up on %s', (kind) => {
  it('takes in a run that started before the hour and was stored after the pass that began the next', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      await migrate(db);
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO canaries (name) VALUES ('late') RETURNING id",
      );
      const check = await db.query<{ id: string }>(
        "INSERT INTO checks (canary_id, name, type) VALUES ($1, 'slow', 'http') RETURNING id",
        [rows[0]!.id],
      );
      const id = check.rows[0]!.id;
      // Hour H is three hours ago: runs at H-30m and H+2m are stored, then rolled up.
      const hour = await db.query<{ h: Date }>("SELECT date_trunc('hour', now()) - interval '3 hours' AS h");
      const h = hour.rows[0]!.h;
      const store = (minutes: number, pass: boolean) =>
        db.query(
          `INSERT INTO check_statuses (check_id, time, duration, status)
           VALUES ($1, $2::timestamptz + $3 * interval '1 minute', 10, $4)`,
          [id, h, minutes, pass],
        );
      await store(-30, true);
      await store(2, true);
      await rollUpCheckStatuses(db);
      // A run that started at H-1m and took a while is stored only now.
      await store(-1, false);
      await rollUpCheckStatuses(db);
      const buckets = await db.query<{ passed: number; failed: number }>(
        `SELECT passed, failed FROM check_statuses_1h WHERE check_id = $1 AND time = $2::timestamptz - interval '1 hour'`,
        [id, h],
      );
      expect(buckets.rows).toEqual([{ passed: 1, failed: 1 }]);
    } finally {
      await drop();
    }
  });

  it('leaves no page range of statuses unsummarized for the time index, so scans by time stay narrow', async () => {
    const { db, drop } = await freshDb(kind);
    try {
      await migrate(db);
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO canaries (name) VALUES ('many') RETURNING id",
      );
      const check = await db.query<{ id: string }>(
        "INSERT INTO checks (canary_id, name, type) VALUES ($1, 'busy', 'http') RETURNING id",
        [rows[0]!.id],
      );
      // Enough statuses to fill several 128-page ranges.
      await db.query(
        `INSERT INTO check_statuses (check_id, time, duration, status, message)
         SELECT $1, now() - g * interval '1 second', 10, true, repeat('x', 200) FROM generate_series(1, 60000) g`,
        [check.rows[0]!.id],
      );
      await rollUpCheckStatuses(db);
      const left = await db.query<{ n: number }>(
        "SELECT brin_summarize_new_values('check_statuses_time_brin')::int AS n",
      );
      expect(left.rows[0]?.n).toBe(0);
    } finally {
      await drop();
    }
  });
});
