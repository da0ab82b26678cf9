import { createConnection as mysqlConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionResolver } from '../../src/connections/index.js';
import { executeCheck } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { directOpts } from '../health/check-opts.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { currentSelfSignedCert, peerUnavailable, startMariaDb, type MariaDbPeer } from '../peers/index.js';
import { attempts, drive, insertRun } from '../playbooks/engine-helpers.js';
import { call, createConnection } from './helpers.js';

/**
 * One MySQL connection builder (net/mysql-target.ts, net/outbound-mysql.ts) for the mysql
 * check, Test Connection and the playbook sql action: for every TLS spelling, the three reach
 * the same verdict against a real MariaDB with a self-signed certificate on loopback, whose
 * user is created REQUIRE SSL, and against a MariaDB without TLS.
 */

const START_TIMEOUT = 300_000;
const why = peerUnavailable('mariadb');
const TLS_USER = { user: 'tlsonly', password: 'tls-only-pass' };
/** The session's cipher: empty on a plain-text connection. */
const CIPHER_QUERY =
  "SELECT VARIABLE_VALUE AS cipher FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'Ssl_cipher'";

type Case = {
  name: string;
  /** Against the MariaDB with TLS (user REQUIRE SSL) or the one without (an ordinary user). */
  server: 'tls' | 'plain';
  /** The connection string after `mysql://host:port/db`, or a whole Go DSN (`dsn:` + query). */
  query: string;
  dsn?: boolean;
  insecure?: boolean;
  /** Encrypted or not when it connects, or the error all three report. */
  expect: { encrypted: boolean } | RegExp;
};

const DENIED = /Access denied for user 'tlsonly'/;
const UNTRUSTED = /self[- ]signed certificate/;
const NO_TLS = /the MySQL server offers no TLS, and this connection requires it/;

const CASES: Case[] = [
  { name: 'no-tls-param', server: 'tls', query: '', expect: DENIED },
  { name: 'tls-false', server: 'tls', query: 'tls=false', expect: DENIED },
  { name: 'ssl-mode-disabled', server: 'tls', query: 'ssl-mode=DISABLED', expect: DENIED },
  { name: 'ssl-false', server: 'tls', query: 'ssl=0', expect: DENIED },
  { name: 'tls-skip-verify', server: 'tls', query: 'tls=skip-verify', expect: { encrypted: true } },
  { name: 'tls-preferred', server: 'tls', query: 'tls=preferred', expect: { encrypted: true } },
  { name: 'ssl-mode-preferred', server: 'tls', query: 'ssl-mode=PREFERRED', expect: { encrypted: true } },
  { name: 'ssl-mode-required', server: 'tls', query: 'ssl-mode=REQUIRED', expect: { encrypted: true } },
  { name: 'ssl-mode-required-lower', server: 'tls', query: 'ssl-mode=required', expect: { encrypted: true } },
  { name: 'sslmode-require', server: 'tls', query: 'sslmode=require', expect: { encrypted: true } },
  { name: 'tls-true', server: 'tls', query: 'tls=true', expect: UNTRUSTED },
  {
    name: 'tls-true-insecure',
    server: 'tls',
    query: 'tls=true',
    insecure: true,
    expect: { encrypted: true },
  },
  { name: 'tls-custom', server: 'tls', query: 'tls=custom', expect: UNTRUSTED },
  { name: 'ssl-true', server: 'tls', query: 'ssl=true', expect: UNTRUSTED },
  { name: 'ssl-required', server: 'tls', query: 'ssl=required', expect: UNTRUSTED },
  { name: 'ssl-1-insecure', server: 'tls', query: 'ssl=1', insecure: true, expect: { encrypted: true } },
  { name: 'verify-ca', server: 'tls', query: 'ssl-mode=VERIFY_CA', expect: UNTRUSTED },
  {
    name: 'verify-ca-insecure',
    server: 'tls',
    query: 'ssl-mode=VERIFY_CA',
    insecure: true,
    expect: { encrypted: true },
  },
  { name: 'verify-identity', server: 'tls', query: 'ssl-mode=VERIFY_IDENTITY', expect: UNTRUSTED },
  {
    name: 'dsn-skip-verify',
    server: 'tls',
    query: 'tls=skip-verify',
    dsn: true,
    expect: { encrypted: true },
  },
  { name: 'dsn-true', server: 'tls', query: 'tls=true', dsn: true, expect: UNTRUSTED },
  { name: 'dsn-plain', server: 'tls', query: '', dsn: true, expect: DENIED },
  {
    name: 'unknown-spelling',
    server: 'tls',
    query: 'tls=maybe',
    expect: /unknown tls value "maybe" \(use true, false, skip-verify, preferred or custom\)/,
  },
  { name: 'plain-required', server: 'plain', query: 'ssl-mode=REQUIRED', expect: NO_TLS },
  { name: 'plain-skip-verify', server: 'plain', query: 'tls=skip-verify', expect: NO_TLS },
  { name: 'plain-preferred', server: 'plain', query: 'tls=preferred', expect: { encrypted: false } },
  { name: 'plain-none', server: 'plain', query: '', expect: { encrypted: false } },
];

let tlsDb: MariaDbPeer;
let plainDb: MariaDbPeer;

beforeAll(async () => {
  if (why) return;
  [tlsDb, plainDb] = await Promise.all([startMariaDb({ tls: currentSelfSignedCert() }), startMariaDb()]);
  const root = await mysqlConnection({
    host: '127.0.0.1',
    port: tlsDb.port,
    user: 'root',
    password: tlsDb.rootPassword,
  });
  try {
    await root.query('CREATE USER ?@? IDENTIFIED BY ? REQUIRE SSL', [TLS_USER.user, '%', TLS_USER.password]);
    await root.query(`GRANT ALL PRIVILEGES ON ${root.escapeId(tlsDb.database)}.* TO ?@?`, [
      TLS_USER.user,
      '%',
    ]);
  } finally {
    await root.end();
  }
}, START_TIMEOUT);
afterAll(() => Promise.all([tlsDb?.stop(), plainDb?.stop()]));

describe.skipIf(why).each(DB_KINDS)('MySQL TLS spellings on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  function connectionFor(c: Case) {
    const db = c.server === 'tls' ? tlsDb : plainDb;
    const who = c.server === 'tls' ? TLS_USER : { user: db.user, password: db.password };
    const where = `127.0.0.1:${db.port}`;
    const url = c.dsn
      ? `tcp(${where})/${db.database}${c.query ? `?${c.query}` : ''}`
      : `mysql://${where}/${db.database}${c.query ? `?${c.query}` : ''}`;
    return {
      name: `maria-${c.name}`,
      type: 'mysql',
      url,
      username: who.user,
      password: who.password,
      insecure_tls: c.insecure ?? false,
    };
  }

  it.each(CASES)('$name: the check, Test Connection and the sql action agree', async (c) => {
    const input = connectionFor(c);
    const reference = `connection://default/${input.name}`;
    const id = await createConnection(server, undefined, input);

    const tested = await call(server, undefined, `/api/connection/test/${id}`, { method: 'POST' });
    const check = await executeCheck(
      'mysql',
      { connection: reference, query: CIPHER_QUERY },
      {
        ...directOpts,
        connections: connectionResolver(server.ctx),
        outbound: outboundPolicy(server.ctx.config.outbound),
      },
    );
    const runId = await insertRun(server.db, {
      actions: [{ name: 'cipher', sql: { connection: reference, query: CIPHER_QUERY } }],
    });
    await drive(server.ctx, runId);
    const [action] = await attempts(server.db, runId);

    if (c.expect instanceof RegExp) {
      expect(tested.status).toBe(400);
      expect((tested.json as { error: string }).error).toMatch(c.expect);
      expect(check.pass).toBe(false);
      expect(check.error).toMatch(c.expect);
      expect(action?.status).toBe('failed');
      expect(action?.error).toMatch(c.expect);
      return;
    }
    expect(tested.status, tested.text).toBe(200);
    expect(check.error).toBeNull();
    expect(check.pass).toBe(true);
    expect(action?.error ?? null).toBeNull();
    expect(action?.status).toBe('completed');
    const checkCipher = (check.details as { results: { cipher: string }[] }).results[0]?.cipher ?? '';
    const actionCipher = (action?.result as { rows: { cipher: string }[] }).rows[0]?.cipher ?? '';
    expect([checkCipher !== '', actionCipher !== '']).toEqual([c.expect.encrypted, c.expect.encrypted]);
  });

  it('a sql check or action URL without a connection reads the same spellings', async () => {
    const url = `mysql://${TLS_USER.user}:${TLS_USER.password}@127.0.0.1:${tlsDb.port}/${tlsDb.database}`;
    const check = await executeCheck(
      'sql',
      { url: `${url}?ssl-mode=REQUIRED`, query: CIPHER_QUERY },
      directOpts,
    );
    expect(check).toMatchObject({ pass: true, error: null });
    const dsn = `${TLS_USER.user}:${TLS_USER.password}@tcp(127.0.0.1:${tlsDb.port})/${tlsDb.database}`;
    const runId = await insertRun(server.db, {
      actions: [
        { name: 'dsn', sql: { url: `${dsn}?tls=skip-verify`, query: CIPHER_QUERY } },
        { name: 'plain', sql: { url, query: 'SELECT 1' } },
      ],
    });
    await drive(server.ctx, runId);
    const [dsnAction, plainAction] = await attempts(server.db, runId);
    expect(dsnAction).toMatchObject({ status: 'completed', error: null });
    expect((dsnAction?.result as { rows: { cipher: string }[] }).rows[0]?.cipher).not.toBe('');
    expect(plainAction?.status).toBe('failed');
    expect(plainAction?.error).toMatch(DENIED);
  });
});
