import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

/** Writes through /api/db run the per-table hooks the domains declare (validation, side effects). */
describe.each(DB_KINDS)('data API write hooks on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const post = (table: string, body: unknown) =>
    fetch(`${server.baseUrl}/api/db/${table}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(body),
    });

  it('refuses a canary with a broken spec, with the reason, and stores nothing', async () => {
    const res = await post('canaries', { name: 'broken', spec: { http: [{ name: 'no-url' }] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.message).toMatch(/url/);
    const { rows } = await server.db.query("SELECT count(*)::int AS n FROM canaries WHERE name = 'broken'");
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('creates the checks of a valid canary in the same write', async () => {
    const res = await post('canaries', {
      name: 'hooked',
      spec: { schedule: '@every 5m', tcp: [{ name: 'hooked-port', endpoint: '127.0.0.1:1' }] },
    });
    expect(res.status).toBe(201);
    const [canary] = (await res.json()) as { id: string }[];
    const checks = await server.db.query<{ name: string; deleted_at: unknown }>(
      'SELECT name, deleted_at FROM checks WHERE canary_id = $1',
      [canary?.id],
    );
    expect(checks.rows).toEqual([{ name: 'hooked-port', deleted_at: null }]);
  });

  it('refuses a scraper with a broken spec and stores nothing', async () => {
    const res = await post('config_scrapers', {
      name: 'bad-scraper',
      spec: { file: [{ paths: 'not-a-list' }] },
    });
    expect(res.status).toBe(400);
    const { rows } = await server.db.query(
      "SELECT count(*)::int AS n FROM config_scrapers WHERE name = 'bad-scraper'",
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});
