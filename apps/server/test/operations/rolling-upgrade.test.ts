import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

/**
 * A rolling upgrade: a replica of the new version migrates the database while one of the old
 * version still runs. The old one must not go on writing with rules the schema no longer has:
 * it stops its background work and refuses every request with the reason (503), while staying
 * alive so an orchestrator replaces it rather than restarting it in a loop.
 */
describe.each(DB_KINDS)('a replica whose database a newer version migrates (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, {}, { schemaWatchMs: 200 });
  });
  afterAll(() => server.close());

  it('stops its work and answers 503 with the reason on /readyz and the API, alive on /healthz', async () => {
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    // What the new version's `migrate` leaves: a migration this build does not know.
    await server.db.query(
      `INSERT INTO schema_migrations (version, name, checksum) VALUES ('9999', 'from_a_newer_release', 'x')`,
    );
    const end = Date.now() + 15_000;
    let ready = await fetch(`${server.baseUrl}/readyz`);
    while (ready.status === 200 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await fetch(`${server.baseUrl}/readyz`);
    }
    expect(ready.status).toBe(503);
    const readyBody = (await ready.json()) as { status: string; error: string };
    expect(readyBody.status).toBe('refused');
    expect(readyBody.error).toContain(
      'A newer version of Opsdeck migrated the database (9999_from_a_newer_release)',
    );
    expect(readyBody.error).toContain('replaced by the new version');

    const api = await fetch(`${server.baseUrl}/api/about`);
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(((await api.json()) as { error: string }).error).toBe(readyBody.error);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);

    // Its scheduler has stopped: a job asked to run now does nothing and records nothing.
    let ran = false;
    await server.scheduler.trigger({
      name: 'after-upgrade-probe',
      run: async () => {
        ran = true;
        return {};
      },
    });
    expect(ran).toBe(false);
    const { rows } = await server.db.query(`SELECT 1 FROM job_history WHERE name = 'after-upgrade-probe'`);
    expect(rows).toHaveLength(0);
  });
});
