import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadSchemaCache } from '../../src/rest/schema/cache.js';
import { startFixture, type Fixture } from './fixture.js';

// PGlite cannot cancel a running statement (docs/data-api.md), so only the server is tested.
describe('data API statement timeout and read-only reads on postgresql', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture('postgresql', { DB_STATEMENT_TIMEOUT_MS: '300' });
    await f.server.db.exec(`
      CREATE FUNCTION rt_slow_read() RETURNS int LANGUAGE sql STABLE AS 'SELECT 1 FROM pg_sleep(2)';
      CREATE FUNCTION rt_slow_write() RETURNS void LANGUAGE sql AS
        'UPDATE rt_people SET age = age WHERE id = 1; SELECT pg_sleep(2)';`);
    await reloadSchemaCache(f.server.db);
  });
  afterAll(() => f.server.close());

  it('stops a slow read and a slow write with 504 57014, and keeps answering', async () => {
    const read = await fetch(`${f.url}/rpc/rt_slow_read`);
    expect(read.status).toBe(504);
    expect(((await read.json()) as { code: string }).code).toBe('57014');
    const write = await fetch(`${f.url}/rpc/rt_slow_write`, { method: 'POST', body: '{}' });
    expect(write.status).toBe(504);
    const { data } = await f.client.from('rt_people').select('id').eq('id', 1);
    expect(data).toEqual([{ id: 1 }]);
  });

  it('reads through sessions that refuse writes', async () => {
    const bump = await f.client.rpc('rt_bump', { p_id: 2 }, { get: true });
    expect(bump.error?.code).toBe('25006');
    const { data } = await f.client.from('rt_people').select('age').eq('id', 2).single();
    const before = data?.age;
    await f.client.rpc('rt_bump', { p_id: 2 });
    const after = await f.client.from('rt_people').select('age').eq('id', 2).single();
    expect(after.data?.age).toBe((before ?? 0) + 1);
  });
});
