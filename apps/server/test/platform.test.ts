import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_EDITS, codeChecksum } from '../src/db/comment-edits.js';
import { defaultMigrationsDir, migrate, MigrationError, readMigrations } from '../src/db/migrate.js';
import { recordJob } from '../src/jobs/history.js';
import { openPglite } from '../src/db/pglite.js';
import { DB_KINDS, freshDb, startTestServer, type TestServer } from './helpers.js';

describe.each(DB_KINDS)('platform endpoints on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('answers liveness, readiness and about with the database kind', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const about = await (await fetch(`${server.baseUrl}/api/about`)).json();
    expect(about).toMatchObject({ database: kind, version: expect.any(String), commit: expect.any(String) });
  });

  it('exposes request counts per route in Prometheus format', async () => {
    await fetch(`${server.baseUrl}/api/about`);
    const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
    expect(text).toMatch(/opsdeck_http_requests_total\{method="GET",route="\/api\/about",status="200"\} \d+/);
    expect(text).toContain('opsdeck_db_pool_total');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await fetch(`${server.baseUrl}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Route GET /api/does-not-exist not found' });
  });

  it('compresses large responses with brotli or gzip', async () => {
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });
});

describe.each(DB_KINDS)('job history on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const rowsOf = async (name: string) =>
    (
      await server.db.query<{
        status: string;
        success_count: number;
        error_count: number;
        time_end: Date | null;
      }>(
        'SELECT status, success_count, error_count, time_end FROM job_history WHERE name = $1 ORDER BY time_start',
        [name],
      )
    ).rows;

  it('records every run, and for dispatchers only the runs that did something or failed', async () => {
    await recordJob(server.ctx, { name: 'EveryRun' }, async () => ({ success: 0 }));
    expect(await rowsOf('EveryRun')).toMatchObject([{ status: 'SUCCESS', success_count: 0 }]);

    const tick = (outcome: { success?: number; errors?: number }) =>
      recordJob(server.ctx, { name: 'Dispatcher' }, async () => outcome, { skipEmpty: true });
    await tick({ success: 0 });
    await tick({});
    expect(await rowsOf('Dispatcher')).toEqual([]);
    await tick({ success: 2 });
    await tick({ success: 1, errors: 1 });
    await tick({ errors: 1 });
    await expect(
      recordJob(server.ctx, { name: 'Dispatcher' }, () => Promise.reject(new Error('boom')), {
        skipEmpty: true,
      }),
    ).rejects.toThrow('boom');
    expect(await rowsOf('Dispatcher')).toMatchObject([
      { status: 'SUCCESS', success_count: 2, time_end: expect.any(Date) },
      { status: 'WARNING', success_count: 1, error_count: 1 },
      // Errors and nothing else: the run failed (duty's rule).
      { status: 'FAILED', success_count: 0, error_count: 1 },
      { status: 'FAILED', error_count: 1 },
    ]);
  });
});

describe('comment-only migration edits', () => {
  it('left the SQL of every listed migration as it was', () => {
    const byVersion = new Map(readMigrations().map((m) => [m.version, m]));
    for (const [version, edit] of Object.entries(COMMENT_EDITS)) {
      const m = byVersion.get(version);
      expect(m && codeChecksum(m.sql), `migration ${version}`).toBe(edit.code);
    }
  });
});

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  it('applies once, then refuses a file changed after it was applied', async () => {
    const fresh = await freshDb(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-mig-'));
    try {
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'CREATE TABLE a (id int);');
      fs.writeFileSync(path.join(dir, '002_b.sql'), 'CREATE TABLE b (id int); CREATE TABLE c (id int);');
      expect((await migrate(fresh.db, dir)).applied).toEqual(['001_a', '002_b']);
      expect((await migrate(fresh.db, dir)).applied).toEqual([]);
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'CREATE TABLE a (id bigint);');
      await expect(migrate(fresh.db, dir)).rejects.toThrow(MigrationError);
      await expect(migrate(fresh.db, dir)).rejects.toThrow(/001_a\.sql was changed after it was applied/);
    } finally {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes a comment-only edit of an applied migration, and still refuses a changed statement', async () => {
    const fresh = await freshDb(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-mig-'));
    try {
      await migrate(fresh.db);
      // An install from before the comments were rewritten recorded the old checksums.
      for (const [version, edit] of Object.entries(COMMENT_EDITS)) {
        await fresh.db.query('UPDATE schema_migrations SET checksum = $1 WHERE version = $2', [
          edit.before,
          version,
        ]);
      }
      expect((await migrate(fresh.db)).applied).toEqual([]);
      const { rows } = await fresh.db.query<{ version: string; checksum: string }>(
        'SELECT version, checksum FROM schema_migrations',
      );
      const now = new Map(readMigrations().map((m) => [m.version, m.checksum]));
      for (const row of rows) expect(row.checksum).toBe(now.get(row.version));

      // The same old checksum with a statement changed is refused as before.
      for (const file of fs.readdirSync(defaultMigrationsDir())) {
        fs.copyFileSync(path.join(defaultMigrationsDir(), file), path.join(dir, file));
      }
      const edited = path.join(dir, '021_check_summaries.sql');
      fs.appendFileSync(edited, '\nCREATE TABLE sneaked_in (id int);\n');
      await fresh.db.query('UPDATE schema_migrations SET checksum = $1 WHERE version = $2', [
        COMMENT_EDITS['021']?.before,
        '021',
      ]);
      await expect(migrate(fresh.db, dir)).rejects.toThrow(
        /021_check_summaries\.sql was changed after it was applied/,
      );
    } finally {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration completely', async () => {
    const fresh = await freshDb(kind);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-mig-'));
    try {
      fs.writeFileSync(path.join(dir, '001_a.sql'), 'CREATE TABLE a (id int);');
      fs.writeFileSync(path.join(dir, '002_bad.sql'), 'CREATE TABLE b (id int); SELECT * FROM nope;');
      await expect(migrate(fresh.db, dir)).rejects.toThrow(
        /002_bad\.sql failed: relation "nope" does not exist/,
      );
      const { rows } = await fresh.db.query("SELECT to_regclass('a') AS a");
      expect(rows[0]).toEqual({ a: null });
    } finally {
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PGlite data directory', () => {
  it('refuses a second opener with a clear message and keeps data across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-data-'));
    try {
      const first = await openPglite(dir);
      await first.query('CREATE TABLE kept (v text)');
      await first.query("INSERT INTO kept VALUES ('survives')");
      await expect(openPglite(dir)).rejects.toThrow(/is in use by another Opsdeck process/);
      await first.close();
      const again = await openPglite(dir);
      expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 'survives' }]);
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
