import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

/** The data API behind the server's own authorization hook (roles, TABLE_ACCESS). */
describe.each(DB_KINDS)('data API with the default access hook on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 300_000);
  afterAll(() => server.close());

  it('serves listed tables and hides unlisted ones as missing', async () => {
    const teams = await fetch(`${server.baseUrl}/api/db/teams?select=id,name`, {
      headers: { Prefer: 'count=exact' },
    });
    expect(teams.status).toBe(200);
    expect(teams.headers.get('content-range')).toBe('*/0');
    const hidden = await fetch(`${server.baseUrl}/api/db/schema_migrations`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: '42P01', message: 'Table not found' });
  });

  it('refuses writes to read-only views and checks embedded tables too', async () => {
    const write = await fetch(`${server.baseUrl}/api/db/people_roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(write.status).toBe(403);
    // access_tokens references people but is not exposed: embedding it is refused like the table.
    const embed = await fetch(`${server.baseUrl}/api/db/people?select=id,access_tokens(*)`);
    expect(embed.status).toBe(404);
    expect(await embed.json()).toMatchObject({ code: '42P01' });
  });
});
