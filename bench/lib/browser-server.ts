import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../apps/server/src/auth/sessions.js';
import { openPostgres } from '../../apps/server/src/db/pg.js';
import type { Db } from '../../apps/server/src/db/types.js';
import { benchPostgres } from './postgres.js';
import { startBenchServer } from './server.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The built web app: BENCH_WEB_DIR, or apps/web/dist (built first when missing). */
function webDir(): string {
  const given = process.env.BENCH_WEB_DIR;
  if (given) return path.resolve(given);
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html')))
    execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  return dist;
}

export type BrowserBench = {
  db: Db;
  base: string;
  browser: Browser;
  /** A page in a browser context that holds the viewer's session cookie, as after login. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  /** The viewer's headers, for requests the benchmark replays outside the browser. */
  headers: Record<string, string>;
  close(): Promise<void>;
};

/**
 * What every page benchmark needs: a PostgreSQL server, the real server serving the built
 * web app over it as production runs it (built-in sign-in, real authorization) with a viewer
 * signed in, and headless Debian Chromium.
 */
export async function startBrowserBench(): Promise<BrowserBench> {
  const pgServer = await benchPostgres();
  const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 120_000 });
  const { server, base, viewer } = await startBenchServer(db, { webDir: webDir() });
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  });
  const contexts: BrowserContext[] = [];
  return {
    db,
    base,
    browser,
    headers: viewer.headers,
    async newPage(options = {}) {
      const context = await browser.newContext(options);
      contexts.push(context);
      await context.addCookies([
        { name: SESSION_COOKIE, value: viewer.token, url: base, httpOnly: true, sameSite: 'Lax' },
      ]);
      return context.newPage();
    },
    async close() {
      for (const c of contexts) await c.close();
      await browser.close();
      await server.stop();
      await db.close();
      await pgServer.stop();
    },
  };
}
