/**
 * Start-up (ARCHITECTURE §10: `npm start` to ready on PGlite with the demo — first start ≤ 5 s,
 * restart ≤ 2 s): `npm start` spawned as a person runs it (npm's own start-up included: the
 * script is read from package.json by npm, not copied here), with DATA_DIR and PORT set, timed
 * from the spawn until GET /readyz answers 200 — the route that answers only once the database
 * does (not /api/about, which any listening server answers).
 *
 * - first start: a new DATA_DIR each run (the build's database template, the demo data);
 * - restart: the DATA_DIR of a first start, started again;
 * - cold file cache: one first start and one restart after `sync; echo 3 > drop_caches` (root
 *   only; the row says when the cache could not be dropped), reported apart, without a budget.
 *
 * Baseline: the bundle loaded and exited (`node apps/server/dist/main.js --help`). Nothing is
 * built unless the bundle is missing (`npm run build`, not timed). Runs: BENCH_STARTUP_RUNS
 * (default 5) of each kind; the budget is on the median (p50).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { freePort } from '../apps/server/test/free-port.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const FIRST_START_BUDGET_MS = 5000;
const RESTART_BUDGET_MS = 2000;
const GIVE_UP_MS = 120_000;

const root = fileURLToPath(new URL('../', import.meta.url));
const bundle = path.join(root, 'apps/server/dist/main.js');

/**
 * Only what a person starting the console would set: no DATABASE_URL (so PGlite), no
 * inherited configuration from the shell running the bench.
 */
function childEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) };
}

/** Whether /readyz answers 200 (the server listens and its database answers). */
async function ready(port: number): Promise<boolean> {
  try {
    const res = await request(`http://127.0.0.1:${port}/readyz`, { headersTimeout: 2000, bodyTimeout: 2000 });
    await res.body.dump();
    return res.statusCode === 200;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops what `npm start` started: SIGTERM to its process group (npm, the shell, the server),
 * then waits for the server itself — its pid is in the data dir's lock — so that the next
 * start finds the data dir free and cleanly shut down.
 */
async function stop(child: ChildProcess, dataDir: string): Promise<void> {
  const lock = path.join(dataDir, 'opsdeck.lock');
  const server = fs.existsSync(lock) ? Number(fs.readFileSync(lock, 'utf8')) : NaN;
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const until = Date.now() + 30_000;
  while (Number.isInteger(server) && server > 0 && alive(server)) {
    if (Date.now() > until) process.kill(server, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 20));
  }
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
}

/** Spawns `npm start`, returns the time until /readyz answered 200, then stops it cleanly. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: childEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() reaches the server under npm
  });
  // Kept for the error message; draining the pipes also keeps the child from blocking on them.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    for (;;) {
      if (await ready(port)) return performance.now() - t0;
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - t0 > GIVE_UP_MS)
        throw new Error(`not ready after ${GIVE_UP_MS} ms:\n${output}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await stop(child, dataDir);
  }
}

/** Drops the page cache (root only): what a start right after boot, or after other work, reads. */
function dropFileCache(): string | undefined {
  try {
    execSync('sync');
    fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
    return undefined;
  } catch (e) {
    return `the file cache could not be dropped (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): measured warm`;
  }
}

/** The bundle loaded and exited: Node's start plus the entry's imports, no database, no listening. */
function timeLoadOnly(): number {
  const t0 = performance.now();
  execSync(`"${process.execPath}" "${bundle}" --help`, { cwd: root, stdio: 'ignore' });
  return performance.now() - t0;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export const startupBench: BenchModule = {
  name: 'startup',
  async run(): Promise<BenchRow[]> {
    const runs = Math.max(1, Number(process.env.BENCH_STARTUP_RUNS ?? 5));
    if (!fs.existsSync(bundle)) {
      console.error('  startup: apps/server/dist/main.js is missing, running npm run build (not timed)…');
      execSync('npm run build', { cwd: root, stdio: 'inherit' });
    }
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-startup-'));
    let n = 0;
    const newDataDir = () => path.join(work, `data-${n++}`);
    try {
      const first: number[] = [];
      const restart: number[] = [];
      const loadOnly: number[] = [];
      // Alternated, so that a busy spell of the machine falls on both kinds alike.
      for (let i = 0; i < runs; i++) {
        const dataDir = newDataDir();
        first.push(await timeStart(dataDir));
        restart.push(await timeStart(dataDir));
        loadOnly.push(timeLoadOnly());
        fs.rmSync(dataDir, { recursive: true, force: true });
        console.error(
          `  startup: first start ${Math.round(first[i] ?? 0)} ms, restart ${Math.round(restart[i] ?? 0)} ms`,
        );
      }
      const coldDir = newDataDir();
      const coldFirstNote = dropFileCache();
      const coldFirst = await timeStart(coldDir);
      const coldRestartNote = dropFileCache();
      const coldRestart = await timeStart(coldDir);
      console.error(
        `  startup: cold file cache: first start ${Math.round(coldFirst)} ms, restart ${Math.round(coldRestart)} ms`,
      );

      const base = sorted(loadOnly);
      const baseline = {
        baselineP50Ms: round(percentile(base, 50)),
        baselineP95Ms: round(percentile(base, 95)),
      };
      const row = (label: string, times: number[], budgetMs: number): BenchRow => {
        const s = sorted(times);
        const p50 = percentile(s, 50);
        return {
          bench: 'startup',
          case: `npm start to /readyz 200, ${label} (${times.length} runs; baseline: bundle loaded, --help)`,
          driver: 'pglite',
          p50Ms: round(p50),
          p95Ms: round(percentile(s, 95)),
          ...baseline,
          ratio: round(p50 / percentile(base, 50)),
          budget: `≤ ${budgetMs} ms`,
          ok: p50 <= budgetMs,
        };
      };
      const cold = (label: string, ms: number, note: string | undefined): BenchRow => ({
        bench: 'startup',
        case: `npm start to /readyz 200, ${label}, cold file cache (one run, no budget${note ? `; ${note}` : ''})`,
        driver: 'pglite',
        p50Ms: round(ms),
        p95Ms: round(ms),
      });
      return [
        row('first start (new DATA_DIR, demo data)', first, FIRST_START_BUDGET_MS),
        row('restart (existing DATA_DIR)', restart, RESTART_BUDGET_MS),
        cold('first start', coldFirst, coldFirstNote),
        cold('restart', coldRestart, coldRestartNote),
      ];
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
