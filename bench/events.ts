/**
 * Event consumer benchmark (ARCHITECTURE §10: event consumer, no-op handler, PostgreSQL, two
 * processes ≥ 2,000 events/s, none twice). 100k queued events (properties the size of a real
 * config event) are drained by two child processes side by side (bench/events-worker.ts), each
 * with its own pool running the consumer code of the EventConsumer job (drainEvents: claim a
 * batch with SKIP LOCKED, run the handlers, delete the batch). The no-op handler notes each id;
 * the parent checks that every event was handled exactly once and the queue is empty.
 * Baseline: the same two processes taking the events off the queue with a bare
 * `DELETE … SKIP LOCKED … RETURNING` of the same batch size (no consumer code, no handler).
 * The time runs from the moment both processes are connected and told to start until both
 * have finished.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throw-away server (initdb/pg_ctl). BENCH_EVENTS
 * changes the number of events (default 100000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { migrate } from '../apps/server/src/db/migrate.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import type { Db } from '../apps/server/src/db/types.js';
import type { GoMessage, WorkerMessage } from './events-worker.js';
import { benchPostgres } from './lib/postgres.js';
import { round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const PROCESSES = 2;
const BUDGET_PER_S = 2000;
const EVENT_NAME = 'bench.noop';
const worker = fileURLToPath(new URL('./events-worker.ts', import.meta.url));
const root = fileURLToPath(new URL('../', import.meta.url));

/** `count` events shaped like config.created (about 600 bytes of properties each). */
async function fill(db: Db, count: number): Promise<void> {
  await db.query(
    `INSERT INTO event_queue (name, event_id, properties, created_at)
     SELECT $1, id, jsonb_build_object('id', id, 'config_id', id, 'name', 'pod-' || g, 'type', 'Kubernetes::Pod',
         'config_class', 'Pod', 'namespace', 'ns-' || (g % 20), 'description', 'replica ' || g || ' of the shop api',
         'status', 'Running', 'health', 'healthy', 'ready', true,
         'labels', jsonb_build_object('app', 'shop', 'tier', 'web', 'pod-template-hash', md5(g::text)),
         'tags', jsonb_build_object('cluster', 'prod', 'region', 'eu-west-1'),
         'agent_id', '00000000-0000-0000-0000-000000000000', 'path', md5(g::text), 'created_at', now())
       , now() + g * interval '1 microsecond'
     FROM (SELECT g, gen_random_uuid() AS id FROM generate_series(1, $2) g) s`,
    [EVENT_NAME, count],
  );
  // What autovacuum would have done by the time a real queue is this long.
  await db.query('VACUUM ANALYZE event_queue');
}

type Worker = {
  ready: Promise<void>;
  done: Promise<string[]>;
  go(mode: GoMessage['mode']): void;
  child: ChildProcess;
};

function startWorker(url: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    cwd: root,
    env: { ...process.env, BENCH_EVENTS_URL: url, BENCH_EVENTS_NAME: EVENT_NAME },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let readyResolve = () => {};
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));
  const done = new Promise<string[]>((resolve, reject) => {
    child.on('message', (m: WorkerMessage) => {
      if ('ready' in m) readyResolve();
      else if ('done' in m) resolve(m.ids);
      else reject(new Error(`event consumer process failed: ${m.error}`));
    });
    child.once('exit', (code) => reject(new Error(`event consumer process exited with ${code}`)));
  });
  // Surfaced through `done`; `ready` alone must not leave an unhandled rejection behind.
  done.catch(() => {});
  return {
    child,
    ready: Promise.race([ready, done.then(() => undefined)]),
    done,
    go: (mode) => child.send({ go: true, mode } satisfies GoMessage),
  };
}

/** Both processes drain the queue; returns the seconds it took and the ids each handled. */
async function drainWith(
  url: string,
  mode: GoMessage['mode'],
): Promise<{ seconds: number; ids: string[][] }> {
  const workers = Array.from({ length: PROCESSES }, () => startWorker(url));
  try {
    await Promise.all(workers.map((w) => w.ready));
    const t0 = performance.now();
    for (const w of workers) w.go(mode);
    const ids = await Promise.all(workers.map((w) => w.done));
    return { seconds: (performance.now() - t0) / 1000, ids };
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill();
  }
}

/** Every queued event handled exactly once, and nothing left in the queue. */
async function check(db: Db, ids: string[][], count: number): Promise<{ once: boolean; text: string }> {
  const all = ids.flat();
  const distinct = new Set(all).size;
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM event_queue');
  const left = rows[0]?.n ?? -1;
  const once = all.length === count && distinct === count && left === 0;
  const split = ids.map((i) => i.length).join(' + ');
  return {
    once,
    text: `${split} handled, ${all.length - distinct} twice, ${count - distinct} missed, ${left} left`,
  };
}

export const eventsBench: BenchModule<BenchFigure> = {
  name: 'events',
  async run() {
    const count = Math.max(1000, Number(process.env.BENCH_EVENTS ?? 100_000));
    const pg = await benchPostgres();
    const db = await openPostgres(pg.url, { poolSize: 2, statementTimeoutMs: 600_000 });
    try {
      await migrate(db);
      await fill(db, count);
      const baseline = await drainWith(pg.url, 'baseline');
      const baselineCheck = await check(db, baseline.ids, count);
      if (!baselineCheck.once) throw new Error(`baseline drain went wrong: ${baselineCheck.text}`);

      await fill(db, count);
      const consumer = await drainWith(pg.url, 'consumer');
      const result = await check(db, consumer.ids, count);
      const rate = count / consumer.seconds;
      console.error(
        `  events: ${count} events in ${consumer.seconds.toFixed(2)} s by ${PROCESSES} processes (${result.text}); ` +
          `baseline ${baseline.seconds.toFixed(2)} s`,
      );
      return [
        {
          figure: `event consumer, no-op handler, ${count} events, ${PROCESSES} processes, each handled once: ${result.once ? 'yes' : `NO (${result.text})`} (baseline: bare DELETE … SKIP LOCKED)`,
          value: round(rate),
          unit: 'events/s',
          budget: `≥ ${BUDGET_PER_S} events/s, none twice`,
          ok: result.once && rate >= BUDGET_PER_S,
          baseline: round(count / baseline.seconds),
        },
      ];
    } finally {
      await db.close();
      await pg.stop();
    }
  },
};
