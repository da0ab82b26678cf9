import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { loadConfig } from '../../apps/server/src/config.js';
import { openPostgres } from '../../apps/server/src/db/pg.js';
import type { Db } from '../../apps/server/src/db/types.js';
import { startServer } from '../../apps/server/src/server.js';
import { benchPostgres } from './postgres.js';

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

export type BrowserBench = { db: Db; base: string; browser: Browser; close(): Promise<void> };

/**
 * What every page benchmark needs: a PostgreSQL server, the real server serving the built
 * web app over it (no sign-in, every table open), and headless Debian Chromium.
 */
export async function startBrowserBench(): Promise<BrowserBench> {
  const pgServer = await benchPostgres();
  const db = await openPostgres(pgServer.url, { poolSize: 10, statementTimeoutMs: 120_000 });
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: '/nonexistent-bench',
      AUTH_MODE: 'none',
      SECRET_KEY: crypto.randomBytes(24).toString('hex'),
    },
    { webDir: webDir() },
  );
  const server = await startServer(config, { db, scheduler: false, dataAccess: async () => ({ ok: true }) });
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
  });
  return {
    db,
    base: server.url.replace('[::1]', '127.0.0.1'),
    browser,
    async close() {
      await browser.close();
      await server.stop();
      await db.close();
      await pgServer.stop();
    },
  };
}
