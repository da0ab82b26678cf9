import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, migrationStatus, NewerSchemaError } from '../../src/db/migrate.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { cliDone } from './cli.js';

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-mig-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe.each(DB_KINDS)('migration status and upgrades on %s', (kind) => {
  it('lists applied and pending migrations, and one a newer version applied', async () => {
    const fresh = await freshDb(kind);
    const older = migrationsDir({ '001_a.sql': 'CREATE TABLE a (id int);' });
    const newer = migrationsDir({
      '001_a.sql': 'CREATE TABLE a (id int);',
      '002_b.sql': 'CREATE TABLE b (id int);',
    });
    try {
      expect((await migrationStatus(fresh.db, newer)).map((s) => [s.version, s.state])).toEqual([
        ['001', 'pending'],
        ['002', 'pending'],
      ]);
      await migrate(fresh.db, older);
      const states = await migrationStatus(fresh.db, newer);
      expect(states.map((s) => [s.version, s.state, s.checksum])).toEqual([
        ['001', 'applied', 'ok'],
        ['002', 'pending', null],
      ]);
      expect(states[0]?.appliedAt).toBeInstanceOf(Date);

      // The newer version migrates; the older one now sees a migration it does not know…
      await migrate(fresh.db, newer);
      expect((await migrationStatus(fresh.db, older)).map((s) => [s.version, s.state])).toEqual([
        ['001', 'applied'],
        ['002', 'unknown'],
      ]);
      // …and refuses to run on that schema, saying why and what to do.
      const refusal = migrate(fresh.db, older);
      await expect(refusal).rejects.toThrow(NewerSchemaError);
      await expect(migrate(fresh.db, older)).rejects.toThrow(
        /migrations this version of Opsdeck does not know: 002_b\. A newer version migrated it/,
      );
    } finally {
      await fresh.drop();
      for (const d of [older, newer]) fs.rmSync(d, { recursive: true, force: true });
    }
  });

  it('reports a long migration while it runs and names it when it ends', async () => {
    const fresh = await freshDb(kind);
    const dir = migrationsDir({ '001_slow.sql': 'SELECT pg_sleep(1.5); CREATE TABLE slow (id int);' });
    try {
      const lines: string[] = [];
      await migrate(fresh.db, dir, { log: { info: (m) => lines.push(m) }, progressMs: 200 });
      // PGlite runs a statement on the event loop's thread: it can only report when it ends.
      if (kind === 'postgresql')
        expect(lines).toContainEqual(
          expect.stringMatching(/^migration 001_slow is still running \(\d+ s\)$/),
        );
      expect(lines).toContainEqual(expect.stringMatching(/^migration 001_slow applied in \d+ ms$/));
      expect(lines.at(-1)).toMatch(/^1 migrations applied in \d+ ms$/);
    } finally {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says how many of the pending migrations are applied while a long upgrade goes on, on either database', async () => {
    const fresh = await freshDb(kind);
    const sleep = 'SELECT pg_sleep(0.3);';
    const dir = migrationsDir({
      '001_a.sql': sleep,
      '002_b.sql': sleep,
      '003_c.sql': sleep,
      '004_d.sql': sleep,
    });
    try {
      const lines: string[] = [];
      await migrate(fresh.db, dir, { log: { info: (m) => lines.push(m) }, progressMs: 500 });
      expect(lines).toContainEqual(expect.stringMatching(/^migrations: [123] of 4 applied \(\d+ s\)$/));
      expect(lines.at(-1)).toMatch(/^4 migrations applied in \d+ ms$/);
    } finally {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Five runs of the command from source, each a Node start: slow on a shared machine.
describe('opsdeck migrate --status', () => {
  it('prints every migration with its state and what to do, and changes nothing', async () => {
    const fresh = await freshDb('postgresql');
    try {
      const env = { DATABASE_URL: fresh.url ?? '', DATA_DIR: '/nonexistent-data-dir' };
      const before = await cliDone(['migrate', '--status'], env);
      expect(before.code).toBe(0);
      expect(before.out).toMatch(/^Database: PostgreSQL at \S+:\d+\//m);
      expect(before.out).toMatch(/^pending +001_foundation +-$/m);
      expect(before.out).toMatch(/0 applied, \d+ pending\.\nRun `opsdeck migrate`/);
      const { rows } = await fresh.db.query<{ t: string | null }>(
        `SELECT to_regclass('schema_migrations')::text AS t`,
      );
      expect(rows[0]?.t).toBeNull();

      expect((await cliDone(['migrate'], env)).code).toBe(0);
      const after = await cliDone(['migrate', '--status'], env);
      expect(after.out).toMatch(/^applied +001_foundation +\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/m);
      expect(after.out).toMatch(/\d+ applied, 0 pending\.\nThe database is up to date\./);

      // A migration from a newer version: named, and the way out said.
      await fresh.db.query(
        `INSERT INTO schema_migrations (version, name, checksum) VALUES ('999', 'from_the_future', 'x')`,
      );
      const newer = await cliDone(['migrate', '--status'], env);
      expect(newer.out).toMatch(
        /^unknown +999_from_the_future .*\(applied by a newer version of Opsdeck\)$/m,
      );
      expect(newer.out).toMatch(
        /1 unknown to this version\.\nA newer version of Opsdeck migrated this database/,
      );
      const refused = await cliDone(['migrate'], env);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(
        /^opsdeck: The database has migrations this version of Opsdeck does not know: 999_from_the_future/m,
      );
    } finally {
      await fresh.drop();
    }
  }, 300_000);
});
