import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { recordCheckResult } from '../../src/health/record.js';
import { syncCanaryChecks } from '../../src/health/sync.js';
import { inProcessConfig } from '../in-process-config.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

type Entry = {
  id: string;
  name: string;
  status: string | null;
  labels: Record<string, string>;
  uptime: { passed: number };
};

/**
 * The health summary is computed once and shared between users for SUMMARY_SHARE (issue 39):
 * here 60 s, so that anything the test sees within it comes from the sharing, not from timing.
 */
describe.each(DB_KINDS)('the shared health summary on %s', (kind) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  let canaryId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', SUMMARY_SHARE: '60s' });
    alice = await signIn(server, 'viewer');
    bob = await signIn(server, 'responder');
    const spec = {
      http: [
        { name: 'shop', url: 'http://127.0.0.1:9/', labels: { tier: 'web' } },
        { name: 'ledger', url: 'http://127.0.0.1:9/', labels: { tier: 'db' } },
      ],
    };
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO canaries (name, spec) VALUES ('store', $1) RETURNING id`,
      [JSON.stringify(spec)],
    );
    canaryId = rows[0]!.id;
    await syncCanaryChecks(server.db, canaryId);
    for (const c of (await server.db.query<{ id: string; name: string }>('SELECT id, name FROM checks')).rows)
      ids[c.name] = c.id;
    await run('shop', true);
    await run('ledger', true);
  });
  afterAll(async () => server.close());

  /** What a scheduled run stores (the scheduler's own write), without asking for a summary. */
  const run = (name: string, pass: boolean) =>
    recordCheckResult(
      server.db,
      ids[name]!,
      {
        time: new Date(),
        pass,
        durationMs: 5,
        message: pass ? 'ok' : 'down',
        error: pass ? null : 'down',
        details: {},
      },
      null,
    );

  const summary = async (who: SignedIn | null, query = '') => {
    const res = await fetch(`${server.baseUrl}/api/canary/api/summary${query}`, {
      headers: who?.headers ?? {},
    });
    if (res.status !== 200) return { status: res.status, entries: [] as Entry[] };
    const body = (await res.json()) as { checks_summary: Entry[] };
    return { status: res.status, entries: body.checks_summary };
  };
  const entry = (entries: Entry[], name: string) => entries.find((e) => e.name === name);

  it('serves every user the same summary while nothing a user would see as a change happened', async () => {
    const first = await summary(alice);
    expect(entry(first.entries, 'shop')?.uptime.passed).toBeGreaterThan(0);
    const passedBefore = entry(first.entries, 'shop')!.uptime.passed;
    // Another passing run: the same status, only the uptime figure moves.
    await run('shop', true);
    const shared = await summary(bob);
    expect(entry(shared.entries, 'shop')?.uptime.passed).toBe(passedBefore);
  });

  it('never shows a status the scheduler has changed since: the next request sees the failure', async () => {
    await summary(alice);
    await run('shop', false);
    expect(entry((await summary(bob)).entries, 'shop')?.status).toBe('unhealthy');
    expect(entry((await summary(alice)).entries, 'shop')?.status).toBe('unhealthy');
    await run('shop', true);
    expect(entry((await summary(alice)).entries, 'shop')?.status).toBe('healthy');
  });

  it('shows a check added, edited or deleted at once', async () => {
    const save = async (http: Record<string, unknown>[]) => {
      await server.db.query('UPDATE canaries SET spec = $2 WHERE id = $1', [
        canaryId,
        JSON.stringify({ http }),
      ]);
      await syncCanaryChecks(server.db, canaryId);
    };
    const shop = { name: 'shop', url: 'http://127.0.0.1:9/', labels: { tier: 'web' } };
    const ledger = { name: 'ledger', url: 'http://127.0.0.1:9/', labels: { tier: 'db' } };
    await summary(alice);
    await save([
      shop,
      { ...ledger, labels: { tier: 'payments' } },
      { name: 'search', url: 'http://127.0.0.1:9/' },
    ]);
    const edited = (await summary(bob)).entries;
    expect(entry(edited, 'ledger')?.labels).toEqual({ tier: 'payments' });
    expect(edited.map((e) => e.name).sort()).toEqual(['ledger', 'search', 'shop']);
    await save([shop, ledger]);
    expect((await summary(alice)).entries.map((e) => e.name).sort()).toEqual(['ledger', 'shop']);
  });

  it('keeps one question apart from another, and asks every request for its own permission', async () => {
    const all = await summary(alice);
    expect(all.entries.length).toBeGreaterThan(1);
    const filtered = await summary(bob, `?labels=${encodeURIComponent('tier=web')}`);
    expect(filtered.entries.map((e) => e.name)).toEqual(['shop']);
    expect((await summary(alice)).entries.length).toBe(all.entries.length);
    // A warm summary is no reason to skip the route guard.
    expect((await summary(null)).status).toBe(401);
  });
});

describe('SUMMARY_SHARE', () => {
  it('takes 0 (only requests in flight together share) to 60s, 5s by default, and refuses anything else', () => {
    const share = (env: Record<string, string>) => inProcessConfig(env).summaryShareMs;
    expect(share({})).toBe(5_000);
    expect(share({ SUMMARY_SHARE: '0' })).toBe(0);
    expect(share({ SUMMARY_SHARE: '30s' })).toBe(30_000);
    expect(() => share({ SUMMARY_SHARE: '2m' })).toThrow('SUMMARY_SHARE: expected a duration from 0 to 60s');
    expect(() => share({ SUMMARY_SHARE: 'soon' })).toThrow(ConfigError);
  });
});
