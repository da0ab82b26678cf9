import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real server: built web + server, a fresh temporary data
 * directory with demo data, Debian's /usr/bin/chromium (never a downloaded browser).
 * E2E_AUTH_MODE picks the server's AUTH_MODE (default none); E2E_BASE_URL points the
 * journeys at a server that is already running instead.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');

/** A port free right now on 127.0.0.1 (the oidc config takes one for its identity provider too). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

// The config is evaluated again in every worker: the first evaluation fixes port and data
// directory in the environment, which the workers inherit.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-'));
process.env.E2E_AUTH_MODE ??= 'none';
// The notifications journey listens here with an SMTP sink; the server sends its mail there.
process.env.E2E_SMTP_PORT ??= String(await freePort());
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

/** Journeys that sign in; playwright.builtin.config.ts runs them against an AUTH_MODE=builtin server. */
export const SIGN_IN_JOURNEYS = [
  'identity.spec.ts',
  'health.spec.ts',
  'connections.spec.ts',
  'agents.spec.ts',
];

export default defineConfig({
  testDir: './e2e',
  testIgnore: process.env.E2E_AUTH_MODE === 'builtin' ? [] : SIGN_IN_JOURNEYS,
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        // E2E_SERVER_COMMAND lets a developer run the server another way (e.g. from source).
        command: process.env.E2E_SERVER_COMMAND ?? 'node apps/server/dist/main.js serve',
        cwd: repoRoot,
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: process.env.E2E_PORT,
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          DEMO: 'true',
          AUTH_MODE: process.env.E2E_AUTH_MODE,
          LOG_LEVEL: 'warn',
          SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          // The bundled charts only: the journeys do not depend on the internet or the registry's today.
          CHART_REGISTRY_URL: '',
        },
      },
});
