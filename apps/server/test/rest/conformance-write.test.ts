import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { startFixture, type Fixture } from './fixture.js';

describe.each(DB_KINDS)('data API writes and functions through postgrest-js on %s', (kind) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(kind);
  });
  afterAll(() => f.server.close());

  it('inserts one row with Location and returns the representation when asked', async () => {
    const minimal = await f.client.from('rt_skills').insert({ name: 'k8s' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const raw = await fetch(`${f.url}/rt_skills`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=headers-only' },
      body: JSON.stringify({ name: 'terraform' }),
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('location')).toMatch(/^\/rt_skills\?id=eq\.\d+$/);
    const rep = await f.client.from('rt_skills').insert({ name: 'lua' }).select('id,name').single();
    expect(rep.status).toBe(201);
    expect(rep.data).toMatchObject({ name: 'lua', id: expect.any(Number) });
  });

  it('inserts many rows in one statement, with embeds in the representation and a count', async () => {
    const { data, error, count } = await f.client
      .from('rt_projects')
      .insert(
        [
          { title: 'Bulk A', owner_id: 2, budget: 1 },
          { title: 'Bulk B', owner_id: 5 },
        ],
        { count: 'exact' },
      )
      .select('title,budget,owner:owner_id(name)');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { title: 'Bulk A', budget: 1, owner: { name: 'Bob' } },
      { title: 'Bulk B', budget: null, owner: { name: 'Eve' } },
    ]);
  });

  it('keeps every digit of large numbers in a payload (the body goes to SQL as it came)', async () => {
    const res = await fetch(`${f.url}/rt_projects?select=budget`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: '{"title":"Big","owner_id":1,"budget":123456789012345678901234.5678}',
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toContain('123456789012345678901234.5678');
  });

  it('fills missing keys with defaults on Prefer: missing=default', async () => {
    const { data } = await f.client
      .from('rt_people')
      .insert([{ name: 'Gus', tags: ['x'] }, { name: 'Hal' }], { defaultToNull: false })
      .select('name,tags,active');
    expect(data).toEqual([
      { name: 'Gus', tags: ['x'], active: true },
      { name: 'Hal', tags: [], active: true },
    ]);
  });

  it('upserts with merge-duplicates, ignore-duplicates and on_conflict', async () => {
    const merged = await f.client.from('rt_teams').upsert({ id: 3, name: 'Renamed' }).select();
    expect(merged.data).toEqual([{ id: 3, name: 'Renamed' }]);
    const ignored = await f.client
      .from('rt_teams')
      .upsert({ id: 3, name: 'Ignored' }, { ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const byName = await f.client
      .from('rt_teams')
      .upsert([{ name: 'Renamed' }, { name: 'Brand new' }], { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(byName.data).toEqual([{ name: 'Brand new' }]);
    const { data } = await f.client.from('rt_teams').select('name').eq('id', 3).single();
    expect(data).toEqual({ name: 'Renamed' });
  });

  it('updates and deletes only filtered rows, and refuses them without a filter', async () => {
    const upd = await f.client.from('rt_control').update({ v: 'uno' }).eq('id', 1).select();
    expect(upd.status).toBe(200);
    expect(upd.data).toEqual([{ id: 1, v: 'uno' }]);
    const minimal = await f.client.from('rt_control').update({ v: 'one' }).eq('id', 1);
    expect(minimal.status).toBe(204);
    const noFilter = await f.client.from('rt_control').update({ v: 'all' });
    expect(noFilter.status).toBe(400);
    expect(noFilter.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const noFilterDelete = await f.client.from('rt_control').delete();
    expect(noFilterDelete.status).toBe(400);
    const ins = await f.client
      .from('rt_skills')
      .insert({ name: 'cobol' })
      .select('id')
      .single<{ id: number }>();
    const del = await f.client
      .from('rt_skills')
      .delete({ count: 'exact' })
      .eq('id', ins.data?.id ?? 0)
      .select('name');
    expect(del.data).toEqual([{ name: 'cobol' }]);
    expect(del.count).toBe(1);
    const { data } = await f.client.from('rt_control').select('*').order('id');
    expect(data).toEqual([
      { id: 1, v: 'one' },
      { id: 2, v: 'two' },
      { id: 3, v: 'three' },
    ]);
  });

  it('rolls back a write whose single-object answer is refused', async () => {
    const res = await f.client.from('rt_control').update({ v: 'x' }).gt('id', 1).select().single();
    expect(res.status).toBe(406);
    const { data } = await f.client.from('rt_control').select('v').order('id');
    expect(data).toEqual([{ v: 'one' }, { v: 'two' }, { v: 'three' }]);
  });

  it('maps constraint violations to 409 and 400 with the database message', async () => {
    const unique = await f.client.from('rt_teams').insert({ name: 'Platform' });
    expect(unique.status).toBe(409);
    expect(unique.error?.code).toBe('23505');
    expect(unique.error?.details).toContain('Platform');
    const fk = await f.client.from('rt_projects').insert({ title: 'Orphan', owner_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await f.client.from('rt_projects').insert({ title: 'No owner' });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const badType = await f.client.from('rt_people').insert({ name: 'X', age: 'old' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownColumn = await f.client.from('rt_teams').insert({ name: 'Y', nope: 1 });
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error?.code).toBe('PGRST204');
    const broken = await fetch(`${f.url}/rt_teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { code: string }).code).toBe('PGRST102');
  });

  it('calls functions with POST and GET: scalar, set of rows with filters, set of scalars, table, void', async () => {
    const add = await f.client.rpc('rt_add', { a: 2, b: 3 });
    expect(add.data).toBe(5);
    const addGet = await f.client.rpc('rt_add', { a: 4, b: 5 }, { get: true });
    expect(addGet.data).toBe(9);
    const older = await f.client
      .rpc('rt_people_older_than', { min_age: 30 })
      .select('name,rt_teams(name)')
      .lt('age', 40)
      .order('name');
    expect(older.data).toEqual([
      { name: 'Alice', rt_teams: { name: 'Platform' } },
      { name: 'Eve', rt_teams: { name: 'Payments' } },
    ]);
    const counted = await f.client
      .rpc('rt_people_older_than', { min_age: 0 }, { get: true, count: 'exact' })
      .limit(1);
    expect(counted.count).toBeGreaterThanOrEqual(4);
    const names = await f.client.rpc('rt_team_names');
    expect(names.data).toEqual(expect.arrayContaining(['Platform', 'Payments']));
    const stats = await f.client.rpc('rt_team_stats').eq('team', 'Platform');
    expect(stats.data).toEqual([{ team: 'Platform', members: 2 }]);
    const echo = await f.client.rpc('rt_echo', { payload: { a: [1, 'two'] }, ids: [3, 4] });
    expect(echo.data).toEqual({ payload: { a: [1, 'two'] }, ids: [3, 4] });
    const bump = await f.client.rpc('rt_bump', { p_id: 2 });
    expect(bump.status).toBe(204);
    const { data } = await f.client.from('rt_people').select('age').eq('id', 2).single();
    expect(data).toEqual({ age: 29 });
  });

  it('refuses unknown functions, wrong arguments and writes through GET', async () => {
    const unknown = await f.client.rpc('rt_nope');
    expect(unknown.status).toBe(404);
    const wrongArgs = await f.client.rpc('rt_add', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
    const readOnly = await f.client.rpc('rt_bump', { p_id: 2 }, { get: true });
    expect(readOnly.status).toBe(405);
    expect(readOnly.error?.code).toBe('25006');
    const put = await fetch(`${f.url}/rt_teams`, { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
  });
});
