/**
 * `npm run bench`: runs every benchmark module listed here, prints one table and writes
 * it to bench/results/. Each area adds its module to BENCHES. `BENCH=rest` runs only the
 * modules whose name is listed (comma-separated). Each module runs in a process of its own,
 * after the page cache's dirty pages are written out, so that what one module leaves behind
 * (a large heap, gigabytes still being written) does not slow the next one down.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure, BenchModule, BenchRow } from './lib/types.js';
import { agentLocationsBench } from './agent-locations.js';
import { agentsBench } from './agents.js';
import { catalogPageBench } from './catalog-page.js';
import { catalogBench } from './catalog.js';
import { eventsBench } from './events.js';
import { healthDashboardBench } from './health-dashboard.js';
import { healthBench } from './health.js';
import { incidentsBench } from './incidents.js';
import { loadBench } from './load.js';
import { logsBench } from './logs.js';
import { notificationsBench } from './notifications.js';
import { playbooksBench } from './playbooks.js';
import { restBench } from './rest.js';
import { scaleBench } from './scale.js';
import { schedulingBench } from './scheduling.js';
import { soakBench } from './soak.js';
import { startupBench } from './startup.js';
import { statusPageBench } from './status-page.js';
import { topologyPageBench } from './topology-page.js';
import { topologyBench } from './topology.js';
import { webBundleBench } from './web-bundle.js';

const BENCHES: BenchModule[] = [
  restBench,
  catalogBench,
  catalogPageBench,
  healthBench,
  healthDashboardBench,
  topologyBench,
  topologyPageBench,
  statusPageBench,
  webBundleBench,
  startupBench,
  eventsBench,
  notificationsBench,
  incidentsBench,
  playbooksBench,
  agentsBench,
  agentLocationsBench,
  logsBench,
  schedulingBench,
  loadBench,
  scaleBench,
  soakBench,
];

type Line = Record<
  'bench' | 'case' | 'driver' | 'value' | 'p95' | 'baseline' | 'ratio' | 'budget' | 'ok',
  string
>;

const ms = (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(2)} ms`);

function toLine(bench: string, r: BenchRow | BenchFigure): Line {
  if ('figure' in r) {
    return {
      bench,
      case: r.figure,
      driver: '',
      value: `${r.value} ${r.unit}`,
      p95: '',
      baseline: r.baseline === undefined ? '' : `${r.baseline} ${r.unit}`,
      ratio: r.baseline ? `${(r.value / r.baseline).toFixed(2)}x` : '',
      budget: r.budget,
      ok: r.ok ? 'yes' : 'NO',
    };
  }
  return {
    bench: r.bench,
    case: r.case,
    driver: r.driver,
    value: ms(r.p50Ms),
    p95: ms(r.p95Ms),
    baseline: r.baselineP50Ms === undefined ? '' : `${ms(r.baselineP50Ms)} (p95 ${ms(r.baselineP95Ms)})`,
    ratio: r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
    budget: r.budget ?? '',
    ok: r.ok === undefined ? '' : r.ok ? 'yes' : 'NO',
  };
}

function printTable(lines: Line[]): void {
  const headers: Line = {
    bench: 'bench',
    case: 'case',
    driver: 'driver',
    value: 'p50 / value',
    p95: 'p95',
    baseline: 'baseline p50',
    ratio: 'ratio',
    budget: 'budget',
    ok: 'ok',
  };
  const keys = Object.keys(headers) as (keyof Line)[];
  const widths = keys.map((k) => Math.max(headers[k].length, ...lines.map((l) => l[k].length)));
  const format = (l: Line) => keys.map((k, i) => l[k].padEnd(widths[i] ?? 0)).join('  ');
  console.log(format(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(format(l));
}

type Results = (BenchRow | BenchFigure)[];

/** Set in the process that runs one module: where it writes that module's results. */
const CHILD_OUT = 'BENCH_CHILD_OUT';

/** Runs one module in a fresh process (this script, with the same loader flags). */
function runIsolated(bench: BenchModule): Results {
  const out = path.join(os.tmpdir(), `opsdeck-bench-${bench.name}-${process.pid}.json`);
  execFileSync('sync');
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, BENCH: bench.name, [CHILD_OUT]: out },
  });
  try {
    if (child.status !== 0) throw new Error(`the ${bench.name} benchmark failed (exit ${child.status})`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as Results;
  } finally {
    fs.rmSync(out, { force: true });
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH?.split(',').map((s) => s.trim());
  const childOut = process.env[CHILD_OUT];
  if (childOut) {
    const bench = BENCHES.find((b) => b.name === process.env.BENCH);
    if (!bench) throw new Error(`no benchmark ${process.env.BENCH}`);
    fs.writeFileSync(childOut, JSON.stringify(await bench.run()));
    return;
  }
  const lines: Line[] = [];
  const raw: Record<string, unknown[]> = {};
  for (const bench of BENCHES) {
    if (only && !only.includes(bench.name)) continue;
    console.error(`running ${bench.name}…`);
    const results = runIsolated(bench);
    raw[bench.name] = results;
    lines.push(...results.map((r) => toLine(bench.name, r)));
  }
  printTable(lines);
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${new Date().toISOString().replaceAll(':', '-')}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), node: process.version, results: raw }, null, 2),
  );
  console.error(`results written to ${path.relative(process.cwd(), file)}`);
  if (lines.some((l) => l.ok === 'NO')) process.exitCode = 1;
}

await main();
