/**
 * Initial JavaScript for `/` (ARCHITECTURE §10: ≤ 300 KB gzip). Reads the built
 * apps/web/dist/index.html (building it when missing), takes the entry script and every
 * modulepreload it lists — what the browser fetches before the first page renders — and
 * sums their gzip sizes. The baseline is all JavaScript of the build, so the ratio shows
 * how much of the app is left to lazy loading.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { BenchFigure, BenchModule } from './lib/types.js';

const BUDGET_KB = 300;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const round = (n: number) => Math.round(n * 10) / 10;

/** The JS files index.html loads up front: module scripts and modulepreload links. */
export function initialScripts(indexHtml: string): string[] {
  const srcs = new Set<string>();
  for (const m of indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    if (m[1]) srcs.add(m[1]);
  for (const m of indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) srcs.add(m[1]);
  return [...srcs];
}

function allJs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? allJs(p) : e.name.endsWith('.js') ? [p] : [];
  });
}

export const webBundleBench: BenchModule<BenchFigure> = {
  name: 'web-bundle',
  async run(): Promise<BenchFigure[]> {
    const indexFile = path.join(dist, 'index.html');
    if (!fs.existsSync(indexFile)) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
    const html = fs.readFileSync(indexFile, 'utf8');
    const initial = initialScripts(html).map((src) => path.join(dist, src.replace(/^\//, '')));
    const initialKb = initial.reduce((sum, f) => sum + gzipKb(f), 0);
    const totalKb = allJs(dist).reduce((sum, f) => sum + gzipKb(f), 0);
    return [
      {
        figure: `initial JS for / (${initial.length} files, gzip)`,
        value: round(initialKb),
        unit: 'KB',
        budget: `≤ ${BUDGET_KB} KB`,
        ok: initialKb <= BUDGET_KB,
        baseline: round(totalKb),
      },
    ];
  },
};

// `npx tsx bench/web-bundle.ts` prints the figure on its own.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [row] = await webBundleBench.run();
  if (row)
    console.log(
      `${row.figure}: ${row.value} ${row.unit} (budget ${row.budget}, all JS ${row.baseline} KB) ${row.ok ? 'ok' : 'OVER BUDGET'}`,
    );
}
