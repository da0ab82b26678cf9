import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../helpers.js';
import { startFixture, type Fixture } from './fixture.js';

type Person = { id: number; name: string };
const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

describe.each(DB_KINDS)('data API reads through postgrest-js on %s', (kind) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await startFixture(kind);
  });
  afterAll(() => f.server.close());

  it('lists rows with columns, aliases and casts', async () => {
    const { data, error, status } = await f.client
      .from('rt_people')
      .select('id,label:name,age::text')
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, label: 'Alice', age: '34' },
      { id: 2, label: 'Bob', age: '28' },
    ]);
  });

  it('filters with every comparison operator', async () => {
    const q = () => f.client.from('rt_people').select('id').order('id');
    expect(ids((await q().eq('name', 'Bob')).data)).toEqual([2]);
    expect(ids((await q().neq('name', 'Bob')).data)).toEqual([1, 3, 4, 5]);
    expect(ids((await q().gt('age', 31)).data)).toEqual([1, 3]);
    expect(ids((await q().gte('age', 31)).data)).toEqual([1, 3, 5]);
    expect(ids((await q().lt('age', 31)).data)).toEqual([2]);
    expect(ids((await q().lte('age', 31)).data)).toEqual([2, 5]);
    expect(ids((await q().like('name', '*o*')).data)).toEqual([2, 3, 4]);
    expect(ids((await q().ilike('name', 'a*')).data)).toEqual([1]);
    expect(ids((await q().filter('name', 'match', '^[A-C]')).data)).toEqual([1, 2, 3]);
    expect(ids((await q().filter('name', 'imatch', '^e')).data)).toEqual([5]);
    expect(ids((await q().in('id', [1, 3, 99])).data)).toEqual([1, 3]);
    // postgrest-js quotes values with commas but does not escape quotes inside them: raw URL here.
    const quoted = await fetch(
      `${f.url}/rt_people?select=id&order=id&name=${encodeURIComponent('in.("Dan, the \\"quoted\\"",Eve)')}`,
    );
    expect(ids((await quoted.json()) as { id: number }[])).toEqual([4, 5]);
    expect(ids((await q().is('age', null)).data)).toEqual([4]);
    expect(ids((await q().not('age', 'is', null)).data)).toEqual([1, 2, 3, 5]);
    expect(ids((await q().is('active', true)).data)).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await q().isDistinct('age', 28)).data)).toEqual([1, 3, 4, 5]);
    expect(ids((await q().not('name', 'in', '(Alice,Bob)')).data)).toEqual([3, 4, 5]);
    expect(ids((await q().likeAnyOf('name', ['A*', 'E*'])).data)).toEqual([1, 5]);
    expect(ids((await q().likeAllOf('name', ['*a*', '*l*'])).data)).toEqual([3]);
  });

  it('filters arrays, JSON and ranges with cs, cd, ov and range operators', async () => {
    const q = () => f.client.from('rt_people').select('id').order('id');
    expect(ids((await q().contains('tags', ['admin'])).data)).toEqual([1, 5]);
    expect(ids((await q().containedBy('tags', ['oncall', 'admin'])).data)).toEqual([1, 2, 3, 4, 5]);
    expect(ids((await q().overlaps('tags', ['oncall', 'nobody'])).data)).toEqual([1, 2]);
    expect(ids((await q().contains('profile', { city: 'Paris' })).data)).toEqual([1, 3]);
    const projects = () => f.client.from('rt_projects').select('id').order('id');
    expect(ids((await projects().rangeGt('period', '[11,12)')).data)).toEqual([2]);
    expect(ids((await projects().rangeAdjacent('period', '[10,20)')).data)).toEqual([1, 2]);
    expect(ids((await projects().overlaps('period', '[5,25)')).data)).toEqual([1, 2]);
  });

  it('runs full-text search in its four forms, with a configuration', async () => {
    const q = () => f.client.from('rt_people').select('id').order('id');
    expect(ids((await q().textSearch('bio', 'coffee & systems')).data)).toEqual([1]);
    expect(
      ids((await q().textSearch('bio', 'postgres extension', { type: 'plain', config: 'english' })).data),
    ).toEqual([2]);
    expect(ids((await q().textSearch('bio', 'security research', { type: 'phrase' })).data)).toEqual([5]);
    expect(
      ids(
        (await q().textSearch('bio', '"distributed systems" -tea', { type: 'websearch', config: 'english' }))
          .data,
      ),
    ).toEqual([1]);
  });

  it('combines or / and groups, nested and negated', async () => {
    const q = () => f.client.from('rt_people').select('id').order('id');
    expect(ids((await q().or('age.gt.40,name.eq.Bob')).data)).toEqual([2, 3]);
    expect(ids((await q().or('and(team_id.eq.1,age.lt.30),and(team_id.eq.2,age.gt.40)')).data)).toEqual([
      2, 3,
    ]);
    expect(ids((await q().or('name.eq."Dan, the \\"quoted\\"",id.in.(5)')).data)).toEqual([4, 5]);
    const notAnd = await fetch(`${f.url}/rt_people?select=id&order=id&not.and=(team_id.eq.1,age.gt.30)`);
    // Dan has neither team nor age: NOT (NULL AND NULL) is NULL, so he is not listed.
    expect(ids((await notAnd.json()) as { id: number }[])).toEqual([2, 3, 5]);
    const and = await fetch(
      `${f.url}/rt_people?select=id&order=id&and=(age.gte.30,or(team_id.eq.1,tags.cs.{admin}))`,
    );
    expect(ids((await and.json()) as { id: number }[])).toEqual([1, 5]);
  });

  it('selects, filters and orders on JSON paths', async () => {
    const { data } = await f.client
      .from('rt_people')
      .select('id,city:profile->>city,level:profile->level,first_lang:profile->langs->>0')
      .eq('profile->>city', 'Paris')
      .order('profile->level', { ascending: false });
    expect(data).toEqual([
      { id: 3, city: 'Paris', level: 5, first_lang: null },
      { id: 1, city: 'Paris', level: 3, first_lang: 'en' },
    ]);
    const gt = await f.client.from('rt_people').select('id').gt('profile->level', 2).order('id');
    expect(ids(gt.data)).toEqual([1, 3]);
  });

  it('orders by several columns with nulls first or last', async () => {
    const a = await f.client
      .from('rt_people')
      .select('id')
      .order('age', { ascending: false, nullsFirst: true });
    expect(ids(a.data)).toEqual([4, 3, 1, 5, 2]);
    const b = await f.client
      .from('rt_people')
      .select('id')
      .order('team_id', { nullsFirst: false })
      .order('age', { ascending: false });
    expect(ids(b.data)).toEqual([1, 2, 3, 5, 4]);
  });

  it('pages with limit/offset and range, and counts with Content-Range and 206', async () => {
    const r = await f.client.from('rt_people').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(ids(r.data)).toEqual([2, 3]);
    expect(r.count).toBe(5);
    expect(r.status).toBe(206);
    const raw = await fetch(`${f.url}/rt_people?select=id&order=id`, {
      headers: { Range: '0-1', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/5');
    const all = await fetch(`${f.url}/rt_people?select=id`, { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');
    const none = await fetch(`${f.url}/rt_people?id=eq.999`, { headers: { Prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    const uncounted = await fetch(`${f.url}/rt_people?limit=2`);
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');
    const past = await fetch(`${f.url}/rt_people?offset=10`, { headers: { Prefer: 'count=exact' } });
    expect(past.status).toBe(416);
    expect(((await past.json()) as { code: string }).code).toBe('PGRST103');
  });

  it('counts with HEAD, planned and estimated counts', async () => {
    const head = await f.client.from('rt_people').select('*', { count: 'exact', head: true }).gt('age', 30);
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
    const planned = await f.client.from('rt_people').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    const estimated = await f.client.from('rt_people').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(5);
  });

  it('embeds to-one by FK column, by table, by column without _id, with aliases', async () => {
    const byCol = await f.client.from('rt_people').select('id,team_id(name)').eq('id', 1).single();
    expect(byCol.data).toEqual({ id: 1, team_id: { name: 'Platform' } });
    const byTable = await f.client.from('rt_people').select('id,rt_teams(name)').eq('id', 4).single();
    expect(byTable.data).toEqual({ id: 4, rt_teams: null });
    const byName = await f.client.from('rt_people').select('id,team(name)').eq('id', 3).single();
    expect(byName.data).toEqual({ id: 3, team: { name: 'Payments' } });
    const aliased = await f.client
      .from('rt_projects')
      .select('title,owner:owner_id(name),reviewer:reviewer_id(name)')
      .eq('id', 1)
      .single();
    expect(aliased.data).toEqual({ title: 'Apollo', owner: { name: 'Alice' }, reviewer: { name: 'Bob' } });
  });

  it('embeds to-many, many-to-many, nested two levels, with embedded filters, order and limit', async () => {
    const { data, error } = await f.client
      .from('rt_teams')
      .select('name,members:rt_people(name,skills:rt_skills(name),manager:manager_id(name))')
      .eq('id', 1)
      .order('name', { referencedTable: 'members', ascending: false })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Platform',
      members: [
        { name: 'Bob', skills: [{ name: 'sql' }], manager: { name: 'Alice' } },
        { name: 'Alice', skills: [{ name: 'go' }, { name: 'sql' }], manager: null },
      ],
    });
    const limited = await f.client
      .from('rt_teams')
      .select('id,rt_people(id)')
      .order('id')
      .order('id', { referencedTable: 'rt_people' })
      .limit(1, { referencedTable: 'rt_people' })
      .gt('rt_people.age', 30);
    expect(limited.data).toEqual([
      { id: 1, rt_people: [{ id: 1 }] },
      { id: 2, rt_people: [{ id: 3 }] },
      { id: 3, rt_people: [] },
    ]);
  });

  it('embeds with !inner, hints and spreads; orders by an embedded to-one column', async () => {
    const inner = await f.client
      .from('rt_people')
      .select('id,rt_teams!inner(name)')
      .eq('rt_teams.name', 'Payments')
      .order('id');
    expect(inner.data).toEqual([
      { id: 3, rt_teams: { name: 'Payments' } },
      { id: 5, rt_teams: { name: 'Payments' } },
    ]);
    const hinted = await f.client
      .from('rt_people')
      .select('id,owned:rt_projects!owner_id(title)')
      .eq('id', 1)
      .single();
    expect(hinted.data).toEqual({ id: 1, owned: [{ title: 'Apollo' }, { title: 'Mercury' }] });
    const byFkName = await f.client
      .from('rt_people')
      .select('id,rt_projects!rt_projects_reviewer_id_fkey(title)')
      .eq('id', 1)
      .single();
    expect(byFkName.data).toEqual({ id: 1, rt_projects: [{ title: 'Zephyr' }] });
    const spread = await f.client
      .from('rt_projects')
      .select('title,...owner_id(owner_name:name,age)')
      .eq('id', 2)
      .single();
    expect(spread.data).toEqual({ title: 'Zephyr', owner_name: 'Carol', age: 45 });
    const ordered = await fetch(
      `${f.url}/rt_projects?select=id,owner:owner_id(name)&order=owner(name).desc,id`,
    );
    expect(ids((await ordered.json()) as { id: number }[])).toEqual([2, 1, 3]);
    const withoutTeam = await fetch(`${f.url}/rt_people?select=id,rt_teams(id)&rt_teams=is.null`);
    expect(ids((await withoutTeam.json()) as { id: number }[])).toEqual([4]);
  });

  it('reads views with the foreign keys of their base tables', async () => {
    const { data, error } = await f.client
      .from('rt_people_view')
      .select('full_name,rt_teams(name)')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ full_name: 'Bob', rt_teams: { name: 'Platform' } });
    const reverse = await f.client
      .from('rt_teams')
      .select('name,rt_people_view(full_name)')
      .eq('id', 2)
      .single();
    expect(reverse.data).toEqual({
      name: 'Payments',
      rt_people_view: [{ full_name: 'Carol' }, { full_name: 'Eve' }],
    });
  });

  it('returns one object for vnd.pgrst.object+json and 406 otherwise; maybeSingle; csv', async () => {
    const one = await f.client.from('rt_people').select('name').eq('id', 2).single<Person>();
    expect(one.data).toEqual({ name: 'Bob' });
    const many = await f.client.from('rt_people').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    const maybe = await f.client.from('rt_people').select('name').eq('id', 999).maybeSingle();
    expect(maybe.data).toBeNull();
    expect(maybe.error).toBeNull();
    const stripped = await f.client.from('rt_people').select('id,age,bio').eq('id', 4).stripNulls();
    expect(stripped.data).toEqual([{ id: 4 }]);
    const csv = await f.client.from('rt_teams').select('id,name').order('id').csv();
    expect(csv.data).toBe('id,name\n1,Platform\n2,Payments\n3,Empty');
  });

  it('answers unknown tables, columns and relationships with PostgREST errors', async () => {
    const table = await f.client.from('rt_nope').select('*');
    expect(table.status).toBe(404);
    const hidden = await f.client.from('people').select('*');
    expect(hidden.status).toBe(404);
    const forbidden = await f.client.from('rt_secret').select('*');
    expect(forbidden.status).toBe(403);
    expect(forbidden.error?.message).toBe('You may not read rt_secret');
    const column = await f.client.from('rt_people').select('nope');
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('42703');
    const rel = await f.client.from('rt_people').select('id,rt_control(*)');
    expect(rel.status).toBe(400);
    expect(rel.error?.code).toBe('PGRST200');
    const ambiguous = await f.client.from('rt_people').select('id,rt_projects(*)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.details).toHaveLength(2);
    const malformed = await fetch(`${f.url}/rt_people?id=eqq.1`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: 'PGRST100',
      message: expect.any(String),
      details: expect.any(String),
      hint: null,
    });
    const badValue = await f.client.from('rt_people').select('id').eq('id', 'abc');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
    const notEmbedded = await fetch(`${f.url}/rt_people?rt_teams.name=eq.x`);
    expect(notEmbedded.status).toBe(400);
    expect(((await notEmbedded.json()) as { code: string }).code).toBe('PGRST108');
  });

  it('caps every read at the configured maximum of rows, also when a larger limit is asked', async () => {
    const config = f.server.ctx.config.db;
    const saved = config.maxRows;
    config.maxRows = 2; // the handlers read the cap per request
    try {
      const res = await fetch(`${f.url}/rt_people?select=id&order=id&limit=100`, {
        headers: { Prefer: 'count=exact' },
      });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-range')).toBe('0-1/5');
      expect(ids((await res.json()) as { id: number }[])).toEqual([1, 2]);
    } finally {
      config.maxRows = saved;
    }
  });
});
