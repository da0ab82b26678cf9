/**
 * Logs benchmark (issue 18): a 1 GB log file behind a file logging backend, and POST /api/logs
 * asking for the last 1,000 lines matching a search (one line in 50 matches) — ≤ 1 s. The file
 * is generated once into a temp folder (the only file root) and deleted afterwards. The request
 * goes through the real server with a signed-in viewer (auth and permissions on the path).
 * BENCH_LOGS_MB changes the file size (default 1024).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openPglite } from '../apps/server/src/db/pglite.js';
import { startBenchServer } from './lib/server.js';
import { percentile } from './lib/stats.js';
import type { BenchFigure, BenchModule } from './lib/types.js';

const BUDGET_MS = 1000;
const WANTED = 1000;
const RUNS = 5;

/** Writes `mb` MB of access-log lines ending now, one in 50 an ERROR; returns the line count. */
async function generate(file: string, mb: number): Promise<number> {
  const target = mb * 1024 * 1024;
  const out = fs.createWriteStream(file);
  const line = (i: number, at: number) =>
    `${new Date(at).toISOString()} 10.0.${i % 250}.${i % 200} "GET /api/orders/${i} HTTP/1.1" ${
      i % 50 === 0 ? '500 ERROR upstream timed out' : '200 ok'
    } ${(i * 7) % 9000} 0.0${i % 90} "Mozilla/5.0 (X11; Linux x86_64) bench"\n`;
  const perLine = Buffer.byteLength(line(1_000_000, Date.now()));
  const count = Math.ceil(target / perLine);
  const start = Date.now() - count * 10; // 10 ms apart, the last one now
  let written = 0;
  for (let i = 0; written < target;) {
    const batch: string[] = [];
    for (let k = 0; k < 20_000 && written < target; k++, i++) {
      const l = line(i, start + i * 10);
      batch.push(l);
      written += l.length;
    }
    if (!out.write(batch.join(''))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return count;
}

export const logsBench: BenchModule<BenchFigure> = {
  name: 'logs',
  async run() {
    const mb = Number(process.env.BENCH_LOGS_MB ?? 1024);
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-bench-logs-')));
    const db = await openPglite(null);
    try {
      const file = path.join(root, 'big-access.log');
      await generate(file, mb);
      const size = fs.statSync(file).size;
      const bench = await startBenchServer(db, { env: { FILE_ROOTS: root } });
      try {
        await db.query(`INSERT INTO logging_backends (name, spec) VALUES ('bench-files', $1)`, [
          JSON.stringify({ backends: [{ file: { path: [file], routes: [{ idPrefix: 'bench-' }] } }] }),
        ]);
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO components (name, type, external_id, log_selectors)
           VALUES ('bench', 'Website', 'bench-web', '[{"name":"access"}]') RETURNING id`,
        );
        const body = JSON.stringify({
          id: rows[0]!.id,
          name: 'access',
          query: 'error',
          start: '7d',
          limit: WANTED,
        });
        const ask = async () => {
          const res = await fetch(`${bench.base}/api/logs`, {
            method: 'POST',
            headers: { ...bench.viewer.headers, 'content-type': 'application/json' },
            body,
          });
          const answer = (await res.json()) as { results?: unknown[] };
          if (res.status !== 200 || answer.results?.length !== WANTED)
            throw new Error(`POST /api/logs: HTTP ${res.status}, ${answer.results?.length ?? 0} lines`);
        };
        await ask(); // warm-up: the page cache holds the file's end afterwards, as on a live server
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await ask();
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const worst = times.at(-1) ?? Number.NaN;
        console.log(
          `logs: last ${WANTED} matching lines of a ${(size / 1024 / 1024).toFixed(0)} MB file: ` +
            `p50 ${percentile(times, 50).toFixed(1)} ms, worst ${worst.toFixed(1)} ms`,
        );
        return [
          {
            figure: `POST /api/logs: last ${WANTED} matching lines of a ${(size / 1024 / 1024).toFixed(0)} MB file (worst of ${RUNS})`,
            value: Math.round(worst * 10) / 10,
            unit: 'ms',
            budget: `≤ ${BUDGET_MS} ms`,
            ok: worst <= BUDGET_MS,
          },
        ];
      } finally {
        await bench.server.stop();
      }
    } finally {
      await db.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
};
