import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import type { ServerContext } from '../../src/context.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import {
  peerUnavailable,
  startMariaDb,
  startSmtpSink,
  type MariaDbPeer,
  type SmtpSink,
} from '../peers/index.js';
import { attempts, drive, engineContext, insertRun } from './engine-helpers.js';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A loopback HTTP server that records requests and answers 200 JSON, or 404 under /missing. */
async function startTarget(): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/missing')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-answer': 'yes' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

async function addConnection(
  db: Db,
  c: { name: string; type: string; url: string; username?: string; password?: string },
) {
  await db.query(
    `INSERT INTO connections (name, type, url, username, password) VALUES ($1, $2, $3, $4, $5)`,
    [c.name, c.type, c.url, c.username ?? null, c.password ?? null],
  );
}

describe.each(DB_KINDS)('playbook actions on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ctx: ServerContext;
  let target: Awaited<ReturnType<typeof startTarget>>;
  let smtp: SmtpSink;
  const pgUrl = inject('pgUrl');
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    target = await startTarget();
    smtp = await startSmtpSink();
    ctx = engineContext(db);
  });
  afterAll(async () => {
    await target.close();
    await smtp.stop();
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM playbook_runs');
    target.seen.length = 0;
  });

  async function runOne(action: Record<string, unknown>, c: ServerContext = ctx) {
    const runId = await insertRun(db, { actions: [{ name: 'it', ...action }] });
    const run = await drive(c, runId);
    const [row] = await attempts(db, runId);
    return { run, row: row! };
  }

  it('exec: stdout, stderr and exit code, with the action env; exit ≠ 0 fails with stderr', async () => {
    const ok = await runOne({
      exec: { script: 'echo "$NAME"; echo warn >&2', env: [{ name: 'NAME', value: 'opsdeck' }] },
    });
    expect(ok.row).toMatchObject({
      status: 'completed',
      result: { stdout: 'opsdeck\n', stderr: 'warn\n', exitCode: 0 },
    });
    const bad = await runOne({ exec: { script: 'echo out; echo broken >&2; exit 4' } });
    expect(bad.run.status).toBe('failed');
    expect(bad.row).toMatchObject({
      status: 'failed',
      error: 'exit code 4: broken',
      result: { stdout: 'out\n', exitCode: 4 },
    });
  });

  it('exec: refused under DISABLE_EXEC', async () => {
    const off = await runOne({ exec: { script: 'echo hi' } }, engineContext(db, { DISABLE_EXEC: 'true' }));
    expect(off.row).toMatchObject({
      status: 'failed',
      error: 'running scripts is disabled on this server (DISABLE_EXEC)',
    });
  });

  it('exec: refused with the reason and the fix when scripts cannot run isolated', async () => {
    // A bubblewrap that is not there, as on a machine without the package.
    const config = { ...ctx.config, sandbox: { ...ctx.config.sandbox, bwrapPath: '/nonexistent/bwrap' } };
    const refused = await runOne({ exec: { script: 'echo hi' } }, { ...ctx, config });
    expect(refused.run.status).toBe('failed');
    expect(refused.row).toMatchObject({
      status: 'failed',
      error:
        'scripts cannot run isolated on this server: bubblewrap is not installed (/nonexistent/bwrap does not exist). ' +
        'Install bubblewrap (Debian: apt-get install bubblewrap) and allow unprivileged user namespaces, ' +
        'or set ALLOW_UNISOLATED_SCRIPTS=true to run scripts without isolation (unsafe)',
    });
  });

  it('http: GET by default even with a body, headers, basic auth; result code, headers, content', async () => {
    const { row } = await runOne({
      http: {
        url: `${target.url}/api?x=1`,
        body: '{"q":1}',
        headers: [{ name: 'X-Token', value: 'abc' }],
        username: 'bob',
        password: 'secret',
      },
    });
    expect(row.status).toBe('completed');
    expect(row.result).toMatchObject({ code: 200, content: '{"ok":true}', headers: { 'x-answer': 'yes' } });
    expect(target.seen).toHaveLength(1);
    expect(target.seen[0]).toMatchObject({ method: 'GET', url: '/api?x=1', body: '{"q":1}' });
    expect(target.seen[0]!.headers['x-token']).toBe('abc');
    expect(target.seen[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('bob:secret').toString('base64')}`,
    );
  });

  it('http: a connection:// gives the URL and credentials; POST; a 404 does not fail the action', async () => {
    await addConnection(db, {
      name: `api-${kind}`,
      type: 'http',
      url: `${target.url}/missing`,
      username: 'u',
      password: 'p',
    });
    const { row } = await runOne({
      http: { connection: `connection://default/api-${kind}`, method: 'post', body: 'hi' },
    });
    expect(row).toMatchObject({ status: 'completed', result: { code: 404, content: 'not here' } });
    expect(target.seen[0]).toMatchObject({ method: 'POST', url: '/missing', body: 'hi' });
    expect(target.seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it('http: no URL fails with "must specify a URL"; a refused address fails with the policy\'s reason', async () => {
    expect((await runOne({ http: { url: '' } })).row).toMatchObject({
      status: 'failed',
      error: 'must specify a URL',
    });
    const refused = await runOne({ http: { url: 'http://169.254.169.254/latest/meta-data' } });
    expect(refused.row.status).toBe('failed');
    expect(refused.row.error).toMatch(/169\.254\.169\.254/);
  });

  it('sql: PostgreSQL by URL and by connection://, values as text; an SQL error fails with its message', async () => {
    const { row } = await runOne({
      sql: { url: pgUrl, query: "SELECT 1 AS one, NULL::text AS nothing, 'a' || 'b' AS s, true AS yes" },
    });
    expect(row).toMatchObject({
      status: 'completed',
      result: {
        rows: [{ one: '1', nothing: null, s: 'ab', yes: 't' }],
        count: 1,
        columns: ['one', 'nothing', 's', 'yes'],
      },
    });
    await addConnection(db, { name: `pg-${kind}`, type: 'postgres', url: pgUrl });
    const byRef = await runOne({
      sql: { connection: `connection://default/pg-${kind}`, query: 'SELECT g FROM generate_series(1, 3) g' },
    });
    expect(byRef.row.result).toMatchObject({ count: 3, rows: [{ g: '1' }, { g: '2' }, { g: '3' }] });
    const bad = await runOne({ sql: { url: pgUrl, query: 'SELECT * FROM no_such_table' } });
    expect(bad.row).toMatchObject({ status: 'failed', error: 'relation "no_such_table" does not exist' });
  });

  describe('sql on MariaDB', () => {
    let maria: MariaDbPeer | undefined;
    beforeAll(async () => {
      if (!peerUnavailable('mariadb')) maria = await startMariaDb();
    }, 120_000);
    afterAll(async () => {
      await maria?.stop();
    });

    it.skipIf(peerUnavailable('mariadb'))(
      'rows by URL and connection://; an SQL error fails with its message',
      async () => {
        const m = maria!;
        const { row } = await runOne({
          sql: { url: m.url, query: "SELECT 1 AS one, NULL AS nothing, CONCAT('a', 'b') AS s" },
        });
        expect(row).toMatchObject({
          status: 'completed',
          result: {
            rows: [{ one: '1', nothing: null, s: 'ab' }],
            count: 1,
            columns: ['one', 'nothing', 's'],
          },
        });
        await addConnection(db, {
          name: `maria-${kind}`,
          type: 'mysql',
          url: `mysql://127.0.0.1:${m.port}/${m.database}`,
          username: m.user,
          password: m.password,
        });
        const byRef = await runOne({
          sql: { connection: `connection://default/maria-${kind}`, query: 'SELECT DATABASE() AS db' },
        });
        expect(byRef.row.result).toMatchObject({ rows: [{ db: m.database }] });
        const bad = await runOne({ sql: { url: m.url, query: 'SELECT * FROM no_such_table' } });
        expect(bad.row.status).toBe('failed');
        expect(bad.row.error).toMatch(/no_such_table' doesn't exist/);
      },
    );
  });

  it('notification: a message through a sender URL (the SMTP sink)', async () => {
    const { row } = await runOne({
      notification: {
        url: `smtp://127.0.0.1:${smtp.port}/?from=opsdeck%40example.org&to=ops-${kind}%40example.org`,
        title: 'Playbook says hi',
        message: 'The **run** worked',
      },
    });
    expect(row).toMatchObject({ status: 'completed', result: { sent: true, title: 'Playbook says hi' } });
    const mail = await smtp.waitForMail((m) => m.to.includes(`ops-${kind}@example.org`));
    expect(mail.subject).toBe('Playbook says hi');
    expect(mail.html).toContain('<strong>run</strong>');
  });

  it('fields that would change what an action does, and that Opsdeck lacks, fail it rather than being ignored', async () => {
    expect((await runOne({ http: { url: target.url, oauth: { tokenURL: 'x' } } })).row).toMatchObject({
      status: 'failed',
      error: 'http action: oauth is not supported',
    });
    expect(
      (await runOne({ exec: { script: 'echo hi', checkout: { url: 'https://example.org/r.git' } } })).row,
    ).toMatchObject({
      status: 'failed',
      error: 'exec action: checkout is not supported',
    });
    expect(target.seen).toHaveLength(0);
  });

  it('unsupported kinds fail with "action kind X is not supported"', async () => {
    const { row, run } = await runOne({ gitops: { repo: { url: 'https://example.org/repo.git' } } });
    expect(run.status).toBe('failed');
    expect(row).toMatchObject({ status: 'failed', error: 'action kind gitops is not supported' });
  });
});
