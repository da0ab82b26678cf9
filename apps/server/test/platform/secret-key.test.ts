import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seal } from '../../src/connections/sealed.js';
import { migrate } from '../../src/db/migrate.js';
import { SecretBox } from '../../src/lib/secrets/index.js';
import { startServer } from '../../src/server.js';
import { freePort } from '../free-port.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const keyA = crypto.randomBytes(24).toString('hex');
const keyB = crypto.randomBytes(24).toString('hex');

describe.each(DB_KINDS)('a server whose secret key differs from its database’s (%s)', (kind) => {
  let fresh: Awaited<ReturnType<typeof freshDb>>;
  beforeAll(async () => {
    fresh = await freshDb(kind);
  });
  afterAll(async () => {
    await fresh.drop();
  });
  const start = (key: string) =>
    startServer(inProcessConfig({ SECRET_KEY: key, AUTH_MODE: 'none' }), { db: fresh.db, scheduler: false });

  it('refuses to start, naming SECRET_KEY, SECRET_KEY_FILE and the docs; the right key starts', async () => {
    const first = await start(keyA);
    await first.stop();
    await expect(start(keyB)).rejects.toThrow(
      /secret key cannot open the secrets already in the database .*SECRET_KEY or SECRET_KEY_FILE.*docs\/deploy\.md/,
    );
    const again = await start(keyA);
    await again.stop();
  });

  it('on a database from before the check, tries its key on the stored connection secrets', async () => {
    await fresh.db.query('DELETE FROM secret_key_check');
    await fresh.db.query(
      `INSERT INTO connections (name, namespace, type, password) VALUES ('sealed-before', 'default', 'http', $1)`,
      [seal(new SecretBox(keyA, '/nonexistent'), 'hunter2')],
    );
    await expect(start(keyB)).rejects.toThrow(/none of 1 stored connection secrets opens with it/);
    const right = await start(keyA);
    await right.stop();
    expect((await fresh.db.query('SELECT 1 FROM secret_key_check')).rows).toHaveLength(1);
  });
});

describe('opsdeck serve with another replica’s database and a wrong key', () => {
  it('exits 1 with the reason on one line', async () => {
    const fresh = await freshDb('postgresql');
    try {
      await migrate(fresh.db);
      const box = new SecretBox(keyA, '/nonexistent');
      await fresh.db.query('INSERT INTO secret_key_check (sealed) VALUES ($1)', [box.seal('x')]);
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
        env: {
          ...process.env,
          DATABASE_URL: fresh.url ?? '',
          SECRET_KEY: keyB,
          PORT: String(await freePort()),
          DATA_DIR: '/nonexistent-data-dir',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(out).toMatch(
        /^opsdeck: this server's secret key cannot open the secrets already in the database/m,
      );
      expect(out).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
