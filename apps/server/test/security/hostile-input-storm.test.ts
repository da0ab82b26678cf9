import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../../src/auth/access-tokens.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, signIn, startTestServer, type TestServer } from '../helpers.js';
import {
  hostileRequests,
  systematicProbes,
  type AdminCredentials,
  type HostileRequest,
} from './hostile-input.js';
import { rawRequest } from './raw-http.js';
import { apiRoutes } from './route-variants.js';

const START_TIMEOUT = 300_000;

/** Tables whose rows change without anyone writing to them (flows, sessions, logs, queues). */
const CHANGING = new Set([
  'auth_flows',
  'auth_sessions',
  'auth_codes',
  'auth_errors',
  'job_history',
  'event_queue',
]);

/**
 * A fingerprint of every stored row, per table. After the storm every row stored before must
 * still be there unchanged; new rows are allowed (a probe such as `{"name": "toString"}` can be a
 * legitimate create).
 */
async function fingerprints(db: Db): Promise<Map<string, Set<string>>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out = new Map<string, Set<string>>();
  for (const { name } of tables) {
    if (CHANGING.has(name)) continue;
    // last_used_at of the storm's own token moves as it is used.
    const row = name === 'access_tokens' ? '(t.id, t.name, t.person_id, t.expires_at, t.value)' : 't';
    const { rows } = await db.query<{ h: string }>(`SELECT md5(${row}::text) AS h FROM "${name}" t`);
    out.set(name, new Set(rows.map((r) => r.h)));
  }
  return out;
}

function lostOrChanged(before: Map<string, Set<string>>, after: Map<string, Set<string>>): string[] {
  const lost: string[] = [];
  for (const [table, rows] of before) {
    const now = after.get(table) ?? new Set<string>();
    const missing = [...rows].filter((h) => !now.has(h)).length;
    if (missing) lost.push(`${table}: ${missing} of ${rows.size} rows changed or deleted`);
  }
  return lost;
}

/** Sends requests eight at a time; lists every 5xx and every dropped connection. */
async function send(port: number, requests: HostileRequest[]): Promise<string[]> {
  const failures: string[] = [];
  for (let i = 0; i < requests.length; i += 8) {
    const batch = requests.slice(i, i + 8);
    const answers = await Promise.all(batch.map((r) => rawRequest(port, r)));
    answers.forEach((answer, k) => {
      const r = batch[k]!;
      if (answer === 'reset' || answer.status >= 500 || answer.status === 0) {
        const status = answer === 'reset' ? 'dropped' : `${answer.status} ${answer.body.slice(0, 200)}`;
        failures.push(`${r.method} ${r.target.slice(0, 160)} (${r.why}) → ${status}`);
      }
    });
  }
  return failures;
}

describe.each(DB_KINDS)('a storm of hostile input on %s', (kind) => {
  let server: TestServer;
  let admin: AdminCredentials;
  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { demo: true },
      { AUTH_MODE: 'builtin', AUTH_RATE_LIMIT_IP: '10000000', AUTH_RATE_LIMIT_ACCOUNT: '10000000' },
    );
    const signedIn = await signIn(server, 'admin');
    const token = (await createAccessToken(server.db, signedIn.personId, 'storm', null)).token;
    admin = { token: { authorization: `Bearer ${token}` }, session: signedIn.headers };
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('ends with zero 5xx, zero dropped connections and the stored data unchanged', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const routes = apiRoutes(server.routes);
    const random = hostileRequests(routes, admin, 50);
    const probes = systematicProbes(routes, admin.session);
    expect(random.length + probes.length).toBeGreaterThan(10_000);
    const before = await fingerprints(server.db);
    expect(await send(port, random)).toEqual([]);
    expect(await send(port, probes)).toEqual([]);
    expect(lostOrChanged(before, await fingerprints(server.db))).toEqual([]);
  }, 900_000);

  it('answers CONNECT and unknown methods with 405, and keeps serving', async () => {
    const port = Number(new URL(server.baseUrl).port);
    const connect = await rawRequest(port, { method: 'CONNECT', target: `127.0.0.1:${port}` });
    expect(connect === 'reset' ? 'reset' : connect.status).toBe(405);
    const propfind = await rawRequest(port, { method: 'PROPFIND', target: '/api/about' });
    expect(propfind === 'reset' ? 'reset' : propfind.status).toBe(405);
    const about = await rawRequest(port, { method: 'GET', target: '/api/about' });
    expect(about === 'reset' ? 'reset' : about.status).toBe(200);
  });
});
