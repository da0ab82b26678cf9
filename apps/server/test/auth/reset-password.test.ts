import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { resetPassword } from '../../src/auth/index.js';
import { startServer } from '../../src/server.js';
import { DB_KINDS, freshDb, signIn, startTestServer, type TestServer } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** A cold `tsx` start plus a first PGlite initdb and every migration, on a busy shared machine. */
const CLI_TIMEOUT_MS = 180_000;

/** Runs `opsdeck <args>` from source; resolves with its exit code and everything it printed. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

function passwordIn(banner: string): string {
  const match = /password:\s+(\S+)/.exec(banner);
  if (!match?.[1]) throw new Error(`no password in:\n${banner}`);
  return match[1];
}

async function whoamiStatus(server: TestServer, headers: Record<string, string>): Promise<number> {
  return (await fetch(`${server.baseUrl}/api/auth/whoami`, { headers })).status;
}

function basic(email: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

describe.each(DB_KINDS)('admin reset-password (%s)', (kind) => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('prints the first admin password as a banner, and a reset replaces it and ends sessions', async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    const banner = server.notices.join('');
    expect(banner).toMatch(/┌─+┐/);
    expect(banner).toContain('admin@localhost');
    const first = passwordIn(banner);
    expect(await whoamiStatus(server, basic('admin@localhost', first))).toBe(200);

    const other = await signIn(server, 'editor');
    const reset = await resetPassword(server.db, { adminEmail: 'admin@localhost' });
    expect(reset.email).toBe('admin@localhost');
    expect(await whoamiStatus(server, basic('admin@localhost', first))).toBe(401);
    expect(await whoamiStatus(server, basic('admin@localhost', reset.password))).toBe(200);
    // Only the reset person is signed out.
    expect(await whoamiStatus(server, other.headers)).toBe(200);

    const session = await signIn(server, null, 'second@example.com');
    const again = await resetPassword(server.db, {
      email: 'SECOND@example.com',
      adminEmail: 'admin@localhost',
    });
    expect(again.revokedSessions).toBe(1);
    expect(await whoamiStatus(server, session.headers)).toBe(401);
    expect(await whoamiStatus(server, basic(session.email, session.password))).toBe(401);
    expect(await whoamiStatus(server, basic(session.email, again.password))).toBe(200);

    await expect(
      resetPassword(server.db, { email: 'nobody@example.com', adminEmail: 'admin@localhost' }),
    ).rejects.toThrow(/No account with a password has the email nobody@example.com/);
  });
});

describe('admin reset-password from the command line on PostgreSQL', () => {
  it(
    'works while the server runs',
    async () => {
      const fresh = await freshDb('postgresql');
      const running = await startServer(inProcessConfig({ AUTH_MODE: 'builtin' }), {
        db: fresh.db,
        scheduler: false,
      });
      try {
        const baseUrl = running.url.replace('[::1]', '127.0.0.1');
        const status = async (headers: Record<string, string>) =>
          (await fetch(`${baseUrl}/api/auth/whoami`, { headers })).status;
        const first = passwordIn(running.notices.join(''));
        const run = await cli(['admin', 'reset-password'], { DATABASE_URL: fresh.url ?? '' });
        expect(run.code).toBe(0);
        expect(run.out).toMatch(/┌─+┐/);
        const replaced = passwordIn(run.out);
        expect(replaced).not.toBe(first);
        expect(await status(basic('admin@localhost', first))).toBe(401);
        expect(await status(basic('admin@localhost', replaced))).toBe(200);
      } finally {
        await running.stop();
        await fresh.drop();
      }
    },
    CLI_TIMEOUT_MS,
  );
});

describe('admin reset-password on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-reset-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'refuses with a clear message while a server holds the data directory',
    async () => {
      fs.mkdirSync(dataDir, { recursive: true });
      // This test process is alive, so its pid in the lock file stands for a running server.
      fs.writeFileSync(path.join(dataDir, 'opsdeck.lock'), String(process.pid));
      const run = await cli(['admin', 'reset-password'], { DATA_DIR: dataDir });
      fs.rmSync(path.join(dataDir, 'opsdeck.lock'));
      expect(run.code).toBe(1);
      expect(run.out).toMatch(
        /in use by another Opsdeck process.*stop the server, run admin reset-password/s,
      );
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'explains that there is no admin yet',
    async () => {
      const run = await cli(['admin', 'reset-password'], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/No admin account with a password exists yet/);
    },
    CLI_TIMEOUT_MS,
  );
});
