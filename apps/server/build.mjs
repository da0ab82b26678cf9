// Bundles the server (and @opsdeck/shared) into dist/main.js; npm packages stay external.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
// OPSDECK_COMMIT names the commit where there is no git checkout (the container build).
let commit = process.env.OPSDECK_COMMIT || 'unknown';
try {
  if (!process.env.OPSDECK_COMMIT)
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
} catch {
  // not a git checkout
}

// npm packages stay external (installed next to the build); our workspace packages ship
// TypeScript source, so they are bundled.
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@opsdeck/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync('dist', { recursive: true, force: true });
// Split at main.ts's import() calls: a start reads only the small main.js before its first log
// line (docs/deploy.md, Start-up time). Chunks stay next to main.js, so paths taken from
// import.meta.url (the web app, migrations, demo files) are the same in every chunk.
// The embedded database runs on a thread of its own, from its own entry (db/pglite-thread.ts).
await build({
  entryPoints: ['src/main.ts', 'src/db/pglite-worker.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalNpmPackages],
  sourcemap: true,
  define: { __OPSDECK_BUILD__: JSON.stringify({ version: pkg.version, commit }) },
  logLevel: 'warning',
});
fs.cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
fs.cpSync('demo/catalog', 'dist/demo/catalog', { recursive: true });
fs.cpSync('demo/logs', 'dist/demo/logs', { recursive: true });

// The empty, migrated embedded database a first start copies in (src/db/template.ts): made
// once here instead of by PostgreSQL's initdb and every migration on each first start.
await build({
  entryPoints: ['src/db/make-template.ts'],
  outfile: 'dist/.make-template.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
try {
  execSync('node dist/.make-template.mjs dist/migrations dist', { stdio: 'inherit' });
} finally {
  fs.rmSync('dist/.make-template.mjs', { force: true });
}
