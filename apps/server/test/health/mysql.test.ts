import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { peerUnavailable, startMariaDb, type MariaDbPeer } from '../peers/index.js';
import { directOpts as opts } from './check-opts.js';

const why = peerUnavailable('mariadb');

describe.skipIf(why)(
  why ? `mysql and sql checks (skipped: ${why})` : 'mysql and sql checks on MariaDB',
  () => {
    let db: MariaDbPeer;
    beforeAll(async () => {
      db = await startMariaDb();
      const admin = `mysql://root:${encodeURIComponent(db.rootPassword)}@127.0.0.1:${db.port}/${db.database}`;
      const r = await executeCheck(
        'mysql',
        {
          url: admin,
          query:
            "CREATE TABLE jobs (id INT PRIMARY KEY, state VARCHAR(20)); INSERT INTO jobs VALUES (1,'ok'),(2,'ok'),(3,'failed')",
        },
        opts,
      );
      // One statement per check: the setup goes statement by statement.
      expect(r.error).toContain('You have an error in your SQL syntax');
      for (const sql of [
        'CREATE TABLE jobs (id INT PRIMARY KEY, state VARCHAR(20), at DATETIME)',
        "INSERT INTO jobs VALUES (1,'ok','2026-01-02 03:04:05'),(2,'ok',NULL),(3,'failed',NULL)",
      ]) {
        const step = await executeCheck('mysql', { url: admin, query: sql }, opts);
        expect(step.error).toBeNull();
      }
    }, 120_000);
    afterAll(() => db?.stop());

    it('passes SELECT 1 by default, with results and count for test and display', async () => {
      const r = await executeCheck(
        'mysql',
        { url: db.url, test: { expr: 'count == 1' }, display: { expr: "'rows: ' + string(count)" } },
        opts,
      );
      expect(r).toMatchObject({ pass: true, error: null, message: 'rows: 1' });
      expect(r.details).toEqual({ results: [{ '1': 1 }], count: 1 });
    });

    it("reads canary-checker's Go DSN with $(username)/$(password) filled from the fields", async () => {
      const r = await executeCheck(
        'mysql',
        {
          url: `mysql://$(username):$(password)@tcp(127.0.0.1:${db.port})/${db.database}`,
          username: { value: db.user },
          password: { value: db.password },
          query: "SELECT id, state, at FROM jobs WHERE state = 'ok' ORDER BY id",
          results: 2,
          test: { expr: "results[0].state == 'ok' && results[0].at == '2026-01-02T03:04:05.000Z'" },
        },
        opts,
      );
      expect(r).toMatchObject({ pass: true, error: null, message: '2 rows' });
    });

    it('fails with fewer rows than results, naming both counts', async () => {
      const r = await executeCheck(
        'mysql',
        { url: db.url, query: "SELECT * FROM jobs WHERE state = 'failed'", results: 2 },
        opts,
      );
      expect(r.pass).toBe(false);
      expect(r.error).toBe('query returned 1 rows, expected at least 2');
      expect(r.details.count).toBe(1);
    });

    it('fails on a wrong password, a missing database and a bad query, with the server’s reason', async () => {
      const wrong = await executeCheck(
        'mysql',
        { url: `${db.user}:wrongpassword@tcp(127.0.0.1:${db.port})/${db.database}` },
        opts,
      );
      expect(wrong.pass).toBe(false);
      expect(wrong.error).toContain(`Access denied for user '${db.user}'`);
      const noDb = await executeCheck(
        'mysql',
        {
          url: `mysql://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@127.0.0.1:${db.port}/nope`,
        },
        opts,
      );
      expect(noDb.error).toContain("Access denied for user 'opsdeck'@'%' to database 'nope'");
      const bad = await executeCheck('mysql', { url: db.url, query: 'SELECT * FROM missing_table' }, opts);
      expect(bad.error).toContain("Table 'opsdeck.missing_table' doesn't exist");
    });

    it('never shows the password in the endpoint', async () => {
      const { runnerFor } = await import('../../src/health/checks/registry.js');
      const runner = runnerFor('mysql');
      expect(runner?.endpoint({ url: db.url })).not.toContain(db.password);
      expect(runner?.endpoint({ url: `u:${db.password}@tcp(127.0.0.1:3306)/x` })).toBe(
        'u:****@tcp(127.0.0.1:3306)/x',
      );
    });

    it('goes through the outbound policy and refuses unix sockets', async () => {
      const denied = await executeCheck(
        'mysql',
        { url: db.url },
        {
          ...opts,
          outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
        },
      );
      expect(denied.error).toContain('refused to connect to 127.0.0.1: loopback addresses are not allowed');
      const unix = await executeCheck('mysql', { url: 'root@unix(/run/mysqld/mysqld.sock)/mysql' }, opts);
      expect(unix.error).toBe('unix-socket MySQL connections are not allowed');
    });

    it('sql runs postgres and mysql URLs by their scheme or driver; SQL Server fails clearly', async () => {
      const my = await executeCheck(
        'sql',
        { url: db.url, query: 'SELECT COUNT(*) AS n FROM jobs', test: { expr: 'results[0].n == 3' } },
        opts,
      );
      expect(my).toMatchObject({ pass: true, error: null });
      const byDriver = await executeCheck(
        'sql',
        { driver: 'mysql', url: `${db.user}:${db.password}@tcp(127.0.0.1:${db.port})/${db.database}` },
        opts,
      );
      expect(byDriver.pass).toBe(true);
      const mssql = await executeCheck('sql', { url: 'server=mssql;user id=sa;password=x;port=1433' }, opts);
      expect(mssql.error).toBe('SQL Server queries are not run by this server (no SQL Server driver)');
      const unknown = await executeCheck('sql', { url: 'oracle://db/x' }, opts);
      expect(unknown.error).toContain('cannot tell the database from the url');
    });
  },
);
