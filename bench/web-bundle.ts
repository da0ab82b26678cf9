/**
 * Initial JavaScript for `/` (ARCHITECTURE §10: ≤ 300 KB gzip). Reads the built
 * apps/web/dist/index.html (building it when missing), takes the entry script and every
 * modulepreload it lists, plus the app shell the entry imports at once (the files its
 * dynamic imports preload, `__vite__mapDeps`) — what the browser fetches before the first
 * page renders — and sums their gzip sizes. The baseline is all JavaScript of the build, so
 * the ratio shows how much of the app is left to lazy loading.
 *
 * The entry alone has a budget of its own (issue 39): it asks for the session and then loads
 * the shell, so anything it imports statically delays the session requests of every page
 * (what it imports is bundled into it or listed as its static imports, both counted here).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { BenchFigure, BenchModule } from './lib/types.js';

const BUDGET_KB = 300;
const ENTRY_BUDGET_KB = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const round = (n: number) => Math.round(n * 10) / 10;

/** The module scripts index.html runs. */
export function entryScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

/** The JS files index.html loads up front: module scripts and modulepreload links. */
export function initialScripts(indexHtml: string): string[] {
  const srcs = new Set<string>(entryScripts(indexHtml));
  for (const m of indexHtml.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    if (m[1]) srcs.add(m[1]);
  return [...srcs];
}

/** A built chunk and every chunk it imports statically (`import … from "./x.js"`, not `import()`). */
export function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    if (m[1]) withStaticImports(path.join(path.dirname(file), m[1]), seen);
  return seen;
}

/** The files an entry chunk's dynamic imports preload (Vite's `__vite__mapDeps` list). */
export function shellScripts(entryCode: string): string[] {
  const list = /__vite__mapDeps=.*?\[([^\]]*)\]/.exec(entryCode)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+\.js)"/g)].map((m) => `/${m[1]}`);
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
    const file = (src: string) => path.join(dist, src.replace(/^\//, ''));
    const entry = [...new Set(entryScripts(html).flatMap((src) => [...withStaticImports(file(src))]))];
    const entryKb = entry.reduce((sum, f) => sum + gzipKb(f), 0);
    const shell = entry.flatMap((f) => shellScripts(fs.readFileSync(f, 'utf8')).map(file));
    const initial = [...new Set([...initialScripts(html).map(file), ...shell])];
    const initialKb = initial.reduce((sum, f) => sum + gzipKb(f), 0);
    const totalKb = allJs(dist).reduce((sum, f) => sum + gzipKb(f), 0);
    return [
      {
        figure: `entry module: the script index.html runs, without what it imports later (${entry.length} ${entry.length === 1 ? 'file' : 'files'}, gzip)`,
        value: round(entryKb),
        unit: 'KB',
        budget: `≤ ${ENTRY_BUDGET_KB} KB`,
        ok: entryKb <= ENTRY_BUDGET_KB,
        baseline: round(totalKb),
      },
      {
        figure: `initial JS for /: entry and app shell (${initial.length} files, gzip)`,
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
  for (const row of await webBundleBench.run())
    console.log(
      `${row.figure}: ${row.value} ${row.unit} (budget ${row.budget}, all JS ${row.baseline} KB) ${row.ok ? 'ok' : 'OVER BUDGET'}`,
    );
}
