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

const ENCRYPTED = { encrypted: true };
const CLEAR = { encrypted: false };
/** A case against the MariaDB with TLS, or the one without. */
const tls = (name: string, query: string, expect: Case['expect'], more: Partial<Case> = {}): Case => ({
  name,
  server: 'tls',
  query,
  expect,
  ...more,
});
const plain = (name: string, query: string, expect: Case['expect']): Case => ({
  name,
  server: 'plain',
  query,
  expect,
});

const CASES: Case[] = [
  tls('no-tls-param', '', DENIED),
  tls('tls-false', 'tls=false', DENIED),
  tls('ssl-mode-disabled', 'ssl-mode=DISABLED', DENIED),
  tls('ssl-false', 'ssl=0', DENIED),
  tls('tls-skip-verify', 'tls=skip-verify', ENCRYPTED),
  tls('tls-preferred', 'tls=preferred', ENCRYPTED),
  tls('ssl-mode-preferred', 'ssl-mode=PREFERRED', ENCRYPTED),
  tls('ssl-mode-required', 'ssl-mode=REQUIRED', ENCRYPTED),
  tls('ssl-mode-required-lower', 'ssl-mode=required', ENCRYPTED),
  tls('sslmode-require', 'sslmode=require', ENCRYPTED),
  tls('tls-true', 'tls=true', UNTRUSTED),
  tls('tls-true-insecure', 'tls=true', ENCRYPTED, { insecure: true }),
  tls('tls-custom', 'tls=custom', UNTRUSTED),
  tls('ssl-true', 'ssl=true', UNTRUSTED),
  tls('ssl-required', 'ssl=required', UNTRUSTED),
  tls('ssl-1-insecure', 'ssl=1', ENCRYPTED, { insecure: true }),
  tls('verify-ca', 'ssl-mode=VERIFY_CA', UNTRUSTED),
  tls('verify-ca-insecure', 'ssl-mode=VERIFY_CA', ENCRYPTED, { insecure: true }),
  tls('verify-identity', 'ssl-mode=VERIFY_IDENTITY', UNTRUSTED),
  tls('dsn-skip-verify', 'tls=skip-verify', ENCRYPTED, { dsn: true }),
  tls('dsn-true', 'tls=true', UNTRUSTED, { dsn: true }),
  tls('dsn-plain', '', DENIED, { dsn: true }),
  tls(
    'unknown-spelling',
    'tls=maybe',
    /unknown tls value "maybe" \(use true, false, skip-verify, preferred or custom\)/,
  ),
  plain('plain-required', 'ssl-mode=REQUIRED', NO_TLS),
  plain('plain-skip-verify', 'tls=skip-verify', NO_TLS),
  plain('plain-preferred', 'tls=preferred', CLEAR),
  plain('plain-none', '', CLEAR),
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
