import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsDir, migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { findTemplate } from '../../src/db/template.js';

const MAKE_TEMPLATE = fileURLToPath(new URL('../../src/db/make-template.ts', import.meta.url));

/**
 * The build's migrated template (build.mjs → db/make-template.ts): a first start on an empty
 * DATA_DIR copies it in instead of running initdb and every migration, and ends up with the
 * same database; a build whose migrations differ from the template's does not use it.
 */
describe('the embedded database template of a first start', () => {
  let root: string;
  let migrations: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-template-'));
    migrations = path.join(root, 'migrations');
    fs.cpSync(defaultMigrationsDir(), migrations, { recursive: true });
    execFileSync(process.execPath, ['--import', 'tsx', MAKE_TEMPLATE, migrations, root], { stdio: 'pipe' });
  }, 300_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('starts an empty DATA_DIR from it: every migration recorded today, nothing left to apply', async () => {
    expect(findTemplate(migrations)).toMatch(/db-template\/pgdata-[0-9a-f]{16}\.tar\.gz$/);
    const dataDir = path.join(root, 'data');
    const db = await openPglite(dataDir, { migrationsDir: migrations });
    try {
      const { rows } = await db.query<{ n: number; today: boolean }>(
        `SELECT count(*)::int AS n, bool_and(applied_at > now() - interval '1 hour') AS today FROM schema_migrations`,
      );
      expect(rows[0]).toEqual({ n: fs.readdirSync(migrations).length, today: true });
      expect(await migrate(db, migrations)).toEqual({ applied: [] });
      // A working database, not a read-only copy: the local agent row is there and writes work.
      await db.query(`INSERT INTO canaries (name) VALUES ('after-template')`);
      const agents = await db.query<{ name: string }>('SELECT name FROM agents');
      expect(agents.rows.map((r) => r.name)).toEqual(['local']);
      // Opened with the small buffer pool that keeps a start short (db/pglite.ts).
      const buffers = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(buffers.rows[0]?.shared_buffers).toBe('32MB');
    } finally {
      await db.close();
    }
  });

  it('is not used when the build has other migrations than the template holds', () => {
    fs.writeFileSync(path.join(migrations, '999_later_change.sql'), 'CREATE TABLE later_change (id int);');
    try {
      // openPglite then runs initdb, and migrate() applies every migration as before.
      expect(findTemplate(migrations)).toBeUndefined();
    } finally {
      fs.rmSync(path.join(migrations, '999_later_change.sql'));
    }
  });
});
