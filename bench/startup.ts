/**
 * Start-up (ARCHITECTURE §10: `npm start` to ready, existing data dir ≤ 5 s): the built
 * bundle started as `npm start` starts it (`node apps/server/dist/main.js serve --demo`) as a
 * child process on a PGlite data dir, timed from spawn until GET /api/about answers 200.
 * The first start creates the data dir (migrations, demo data: printed, no budget); the
 * following starts reuse it (the budget). Baseline: the same bundle loaded and exited
 * (`--help`), which is what Node and the imports cost before any database work.
 *
 * Nothing is built here unless the bundle is missing (`npm run build`, not timed). Runs:
 * BENCH_STARTUP_RUNS (default 5).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { z } from 'zod';
import { freePort } from '../apps/server/test/free-port.js';
import { percentile, round } from './lib/stats.js';
import type { BenchModule, BenchRow } from './lib/types.js';

const READY_BUDGET_MS = 5000;
const GIVE_UP_MS = 120_000;

const root = fileURLToPath(new URL('../', import.meta.url));
const bundle = path.join(root, 'apps/server/dist/main.js');

/** What `npm start` passes after the bundle, read from package.json so the two cannot drift. */
function startArgs(): string[] {
  const pkg = z
    .object({ scripts: z.object({ start: z.string() }) })
    .parse(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')));
  const [command, script, ...args] = pkg.scripts.start.split(/\s+/);
  if (command !== 'node' || !script || path.resolve(root, script) !== bundle) {
    throw new Error(`npm start runs "${pkg.scripts.start}", not node ${bundle}: update this bench`);
  }
  return args;
}

/**
 * Only what a person starting the console would set: no DATABASE_URL (so PGlite), no
 * inherited configuration from the shell running the bench.
 */
function childEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port) };
}

const aboutSchema = z.object({ database: z.string() });

/** What /api/about answers once the server is ready; null while it is not listening yet. */
async function about(port: number): Promise<{ database: string } | null> {
  try {
    const res = await request(`http://127.0.0.1:${port}/api/about`, {
      headersTimeout: 2000,
      bodyTimeout: 2000,
    });
    const body: unknown = await res.body.json();
    return res.statusCode === 200 ? aboutSchema.parse(body) : null;
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Spawns the server, returns the time until /api/about answered 200, then stops it cleanly. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const args = [bundle, ...startArgs()];
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: childEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the error message; draining the pipes also keeps the child from blocking on them.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = exited(child);
  try {
    for (;;) {
      const ready = await about(port);
      const elapsed = performance.now() - t0;
      if (ready) {
        if (ready.database !== 'pglite') throw new Error(`the server runs on ${ready.database}, not PGlite`);
        return elapsed;
      }
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (elapsed > GIVE_UP_MS) throw new Error(`not ready after ${GIVE_UP_MS} ms:\n${output}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    // A clean stop releases the data dir's lock before the next start takes it.
    child.kill('SIGTERM');
    const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await gone;
    clearTimeout(timeout);
  }
}

/** The bundle loaded and exited: Node's start plus the imports, no database, no listening. */
function timeLoadOnly(): number {
  const t0 = performance.now();
  execSync(`"${process.execPath}" "${bundle}" --help`, { cwd: root, stdio: 'ignore' });
  return performance.now() - t0;
}

export const startupBench: BenchModule = {
  name: 'startup',
  async run(): Promise<BenchRow[]> {
    const runs = Math.max(1, Number(process.env.BENCH_STARTUP_RUNS ?? 5));
    if (!fs.existsSync(bundle)) {
      console.error('  startup: apps/server/dist/main.js is missing, running npm run build (not timed)…');
      execSync('npm run build', { cwd: root, stdio: 'inherit' });
    }
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-startup-'));
    try {
      const first = await timeStart(dataDir);
      console.error(`  startup: first start (new data dir) ${Math.round(first)} ms`);
      const existing: number[] = [];
      const loadOnly: number[] = [];
      for (let i = 0; i < runs; i++) {
        loadOnly.push(timeLoadOnly());
        existing.push(await timeStart(dataDir));
      }
      existing.sort((a, b) => a - b);
      loadOnly.sort((a, b) => a - b);
      const p50 = percentile(existing, 50);
      const base50 = percentile(loadOnly, 50);
      return [
        {
          bench: 'startup',
          case: 'npm start to /api/about 200, new data dir (migrations, demo data; one run, no budget)',
          driver: 'pglite',
          p50Ms: round(first),
          p95Ms: round(first),
        },
        {
          bench: 'startup',
          case: `npm start to /api/about 200, existing data dir (${runs} runs; baseline: bundle loaded, --help)`,
          driver: 'pglite',
          p50Ms: round(p50),
          p95Ms: round(percentile(existing, 95)),
          baselineP50Ms: round(base50),
          baselineP95Ms: round(percentile(loadOnly, 95)),
          ratio: round(p50 / base50),
          budget: `≤ ${READY_BUDGET_MS} ms`,
          ok: p50 <= READY_BUDGET_MS,
        },
      ];
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
