/**
 * A soak (issue 39, ARCHITECTURE §10 memory): the load benchmark's PostgreSQL setup — the
 * built server as `npm start` runs it, the web app's own page requests replayed open-loop at
 * 300/s while 1,000 checks run every 30 s — for BENCH_SOAK_SECONDS (default 1,800), in
 * one-minute segments back to back. Reported: the server's resident memory in the five
 * minutes after the first two (caches and pools warm) and in the last five, each the median of
 * a sample every 5 s (growth ≤ 10 %; one sample read a garbage collection's dip as the
 * baseline: 182 → 162 → 175–179 MiB over minutes 1, 2 and 3–30 of one run), the check scheduling
 * lag p95 in the five minutes after those two and in the last five (no growth beyond noise:
 * ≤ 1.1× or + 100 ms, and ≤ 1 s), and the request p95 of the first and last segment (reported).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { LAGS, RECORD_CLAIMS } from './lib/check-lag.js';
import { startLoadServer } from './lib/load-server.js';
import { recordPageRequests } from './lib/record-requests.js';
import { percentile, round } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';
import { openLoop, PAGES, summary, type Target } from './load.js';

const RATE = 300;
const SEGMENT_SECONDS = 60;
const WARM_SEGMENTS = 2;
const LAG_WINDOW_MS = 5 * 60_000;
const RSS_SAMPLE_MS = 5_000;

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

async function run(): Promise<BenchFigure[]> {
  const seconds = Number(process.env.BENCH_SOAK_SECONDS ?? 1800);
  const segments = Math.max(WARM_SEGMENTS + 1, Math.round(seconds / SEGMENT_SECONDS));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-soak-'));
  const server = await startLoadServer('postgres', work, RECORD_CLAIMS);
  try {
    const pid = server.pids[0]!;
    const list = await recordPageRequests(server.base, server.viewer.token, PAGES);
    const targets: Target[] = [
      { pool: new Pool(server.base, { connections: 256 }), headers: server.viewer.headers },
    ];
    const p95s: number[] = [];
    let errors = 0;
    const start = new Date();
    const rss: { at: number; bytes: number }[] = [];
    const sampler = setInterval(() => rss.push({ at: Date.now(), bytes: rssBytes(pid) }), RSS_SAMPLE_MS);
    try {
      for (let i = 0; i < segments; i++) {
        const { samples } = await openLoop(targets, list, RATE, SEGMENT_SECONDS);
        const s = summary(samples);
        p95s.push(s.p95);
        errors += s.errors;
        console.error(
          `  soak minute ${i + 1}/${segments}: p95 ${round(s.p95)} ms, ${s.errors} errors, RSS ${mib(rssBytes(pid))} MiB`,
        );
      }
    } finally {
      clearInterval(sampler);
      await targets[0]!.pool.close();
    }
    const end = new Date();
    const medianRss = (from: number, to: number) =>
      percentile(
        rss
          .filter((r) => r.at >= from && r.at < to)
          .map((r) => r.bytes)
          .sort((a, b) => a - b),
        50,
      );
    const lagP95 = async (from: Date, to: Date) =>
      server.afterStop(async (db) => {
        const { rows } = await db.query<{ lag_ms: string | null }>(LAGS, [from, to]);
        const lags = rows.map((r) => (r.lag_ms === null ? Infinity : Number(r.lag_ms))).sort((a, b) => a - b);
        return { p95: percentile(lags, 95), n: lags.length };
      });
    // After the same warm-up as the memory: the first runs of 1,000 checks all start at once.
    const warmEnd = start.getTime() + WARM_SEGMENTS * SEGMENT_SECONDS * 1000;
    const first = await lagP95(new Date(warmEnd), new Date(warmEnd + LAG_WINDOW_MS));
    // Runs due in the last five minutes; those due in its last 30 s may not have run yet.
    const last = await lagP95(new Date(end.getTime() - LAG_WINDOW_MS), new Date(end.getTime() - 30_000));
    // Memory over the same windows: the five minutes after the warm-up and the last five.
    const warmRss = medianRss(warmEnd, warmEnd + LAG_WINDOW_MS);
    const endRss = medianRss(end.getTime() - LAG_WINDOW_MS, end.getTime() + 1);
    const growth = (endRss - warmRss) / warmRss;
    console.error(
      `  soak: RSS ${mib(warmRss)} → ${mib(endRss)} MiB (${(growth * 100).toFixed(1)} %), lag p95 ${round(first.p95)} → ${round(last.p95)} ms, ${errors} errors`,
    );
    const lagHeld = last.p95 <= Math.max(first.p95 * 1.1, first.p95 + 100) && last.p95 <= 1000;
    return [
      {
        figure: `soak ${segments} min at ${RATE}/s, 1,000 checks (PostgreSQL): server RSS growth, median of the 5 min after minute ${WARM_SEGMENTS} → of the last 5 (${mib(warmRss)} → ${mib(endRss)} MiB), ${errors} request errors`,
        value: round(growth * 100),
        unit: '%',
        budget: '≤ 10 %, no errors',
        ok: growth <= 0.1 && errors === 0,
      },
      {
        figure: `soak: check lag p95, last 5 min (${last.n} runs) vs the 5 min after minute ${WARM_SEGMENTS} (${first.n} runs, ${round(first.p95)} ms)`,
        value: round(last.p95),
        unit: 'ms',
        budget: '≤ 1.1× first (or + 100 ms), ≤ 1000 ms',
        ok: lagHeld && last.n > 0,
        baseline: round(first.p95),
      },
      {
        figure: `soak: request p95, last minute vs first (${round(p95s[0] ?? NaN)} ms)`,
        value: round(p95s.at(-1) ?? NaN),
        unit: 'ms',
        budget: 'reported',
        ok: true,
        baseline: round(p95s[0] ?? NaN),
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Listed in bench/run.ts; `BENCH=soak npm run bench` runs it alone. */
export const soakBench: BenchModule = { name: 'soak', run };
export default soakBench;
