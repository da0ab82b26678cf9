import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataAccessHook } from '../../src/access.js';
import { OPERATORS } from '../../src/rest/parse/types.js';
import { reloadSchemaCache } from '../../src/rest/schema/cache.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { prng } from '../../src/lib/prng.js';
import { FIXTURE_SQL } from './fixture.js';

const NASTY = [
  "'",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  '%00',
  '😀',
  '\u202e',
  '1e309',
  '99999999999999999999999999',
  '-1',
  'NaN',
  '(',
  ')',
  ',',
  '{',
  '}',
  '[',
  ']',
  'null',
  'true',
  "' OR 1=1 --",
  '"; DROP TABLE rt_control; --',
  "x'); DELETE FROM rt_control; --",
  ':',
  '::',
  '->',
  '->>',
  '!',
  '.',
  '...',
  '%',
  '%zz',
  '%',
  '&',
  '=',
  '+',
  ' ',
  'é',
  '中文',
  '\uffff',
  '$1',
  '$$',
  "E'\\x00'",
  'pg_sleep(10)',
];
const COLUMNS = [
  'id',
  'name',
  'age',
  'profile',
  'tags',
  'team_id',
  'bio',
  'nope',
  '"id"',
  'id;--',
  'profile->>city',
  'profile->a->0->>b',
  '*',
  '',
];
const OPS = [...OPERATORS, 'fts(english)', 'fts(nope)', 'not.eq', 'not.in', 'eq(any)', 'like(all)', 'xx', ''];
const TABLES = [
  'rt_people',
  'rt_people',
  'rt_projects',
  'rt_teams',
  'rt_people_view',
  'rt_control',
  'rt_fuzz',
  'nope',
  'rt_control;drop',
  '..',
  '%2e%2e',
  'pg_class',
  'rt_secret',
];
const EMBEDS = [
  'rt_teams',
  'team_id',
  'team',
  'manager_id',
  'rt_projects',
  'rt_projects!owner_id',
  'rt_skills',
  'rt_people',
  'nope',
  'rt_teams!inner',
  '...team_id',
];
const PREFER = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'missing=default',
  'tx=rollback',
  'bogus',
  '=',
  'count=exact,return=representation',
];
const ACCEPT = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'text/csv',
  '*/*',
  'image/png',
  'application/vnd.pgrst.array+json;nulls=stripped',
  ',,,',
  'application/vnd.pgrst.object+json;nulls=stripped',
];

type Req = { method: string; path: string; headers: Record<string, string>; body?: string; legal?: boolean };

function generator(seed: number) {
  const rnd = prng(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const chance = (p: number) => rnd() < p;
  const nasty = (): string =>
    Array.from({ length: 1 + int(4) }, () =>
      chance(0.5) ? pick(NASTY) : String.fromCharCode(32 + int(95)),
    ).join('');
  const value = (): string =>
    chance(0.4)
      ? pick(['1', '2', 'Alice', 'Paris', '{admin}', '(1,2)', '[1,5)', 'null', '{"city":"Paris"}'])
      : nasty();
  const enc = (s: string): string =>
    chance(0.85) ? encodeURIComponent(s) : s.replaceAll('&', '%26').replaceAll('#', '%23');

  const filter = (): string => {
    const col = chance(0.2) ? `${pick(EMBEDS)}.${pick(COLUMNS)}` : pick(COLUMNS);
    const op = pick(OPS);
    const v =
      op.includes('in') && chance(0.7) ? `(${Array.from({ length: int(5) }, value).join(',')})` : value();
    return `${enc(col)}=${enc(`${op}.${v}`)}`;
  };
  const logic = (depth: number): string => {
    const items = Array.from({ length: 1 + int(3) }, () => {
      if (depth > 0 && chance(0.4)) return `${pick(['and', 'or', 'not.and', 'not.or'])}${logic(depth - 1)}`;
      return `${pick(COLUMNS)}.${pick(OPS)}.${chance(0.5) ? `"${value()}"` : value()}`;
    });
    return `(${items.join(',')})`;
  };
  const selectItem = (depth: number): string => {
    if (depth > 0 && chance(0.3)) {
      return `${chance(0.3) ? 'a:' : ''}${pick(EMBEDS)}(${Array.from({ length: 1 + int(3) }, () => selectItem(depth - 1)).join(',')})`;
    }
    const col = pick(COLUMNS);
    return `${chance(0.2) ? `${nasty()}:` : ''}${col}${chance(0.15) ? `::${pick(['text', 'int', 'jsonb', 'drop', 'tsquery', 'void', 'regclass', nasty()])}` : ''}`;
  };
  const query = (): string => {
    const parts: string[] = [];
    const kind = int(30);
    if (kind === 0)
      parts.push(`select=${enc(Array.from({ length: 500 + int(3000) }, () => pick(COLUMNS)).join(','))}`);
    else if (kind === 1) parts.push(`or=${enc(`${'or('.repeat(int(60))}id.eq.1${')'.repeat(int(60))}`)}`);
    else if (kind === 2) parts.push(`${pick(['or', 'and', 'not.or', 'rt_teams.or'])}=${enc(logic(3))}`);
    if (chance(0.6))
      parts.push(`select=${enc(Array.from({ length: 1 + int(4) }, () => selectItem(2)).join(','))}`);
    for (let i = int(4); i > 0; i--) parts.push(filter());
    if (chance(0.3))
      parts.push(
        `order=${enc(`${pick(COLUMNS)}${pick(['', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.bogus'])}`)}`,
      );
    if (chance(0.2))
      parts.push(`limit=${pick(['0', '1', '-1', '1e3', '99999999999999999999', '5', nasty()])}`);
    if (chance(0.2)) parts.push(`offset=${pick(['0', '2', '-5', '999999999999999', nasty()])}`);
    if (chance(0.1)) parts.push(`on_conflict=${enc(pick(['id', 'name', 'nope', nasty()]))}`);
    if (chance(0.1)) parts.push(`columns=${enc(pick(['"id","name"', 'name', '"nope"', nasty()]))}`);
    if (chance(0.05)) parts.push(nasty());
    return parts.join('&');
  };
  const jsonValue = (depth: number): unknown => {
    const k = int(8);
    if (k === 0 && depth > 0) return Array.from({ length: int(4) }, () => jsonValue(depth - 1));
    if (k === 1 && depth > 0)
      return Object.fromEntries(
        Array.from({ length: int(4) }, () => [pick(['a', 'id', nasty()]), jsonValue(depth - 1)]),
      );
    if (k === 2) return 1e308 * (chance(0.5) ? 10 : 1);
    if (k === 3) return int(2 ** 31) * (chance(0.5) ? -1 : 1);
    if (k === 4) return null;
    if (k === 5) return chance(0.5);
    return nasty();
  };
  const body = (): string => {
    const k = int(8);
    if (k === 0)
      return pick([
        '',
        '{',
        '[',
        '{"a":',
        'null',
        '1',
        '"x"',
        '[1,2]',
        '{"name":"x"}}',
        '\u0000',
        '{"name":"\\u0000"}',
        '[{}]',
        '{}',
        '[]',
      ]);
    if (k === 1) return '['.repeat(2000) + ']'.repeat(2000);
    if (k === 2)
      return JSON.stringify(
        Array.from({ length: 1 + int(20) }, () => ({ name: nasty(), age: jsonValue(1) })),
      );
    const obj: Record<string, unknown> = {};
    for (let i = int(4); i >= 0; i--)
      obj[pick(['name', 'age', 'tags', 'profile', 'id', 'v', 'payload', 'a', 'b', 'min_age', nasty()])] =
        jsonValue(2);
    return JSON.stringify(chance(0.3) ? [obj, obj] : obj);
  };
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (chance(0.5)) h.prefer = Array.from({ length: 1 + int(3) }, () => pick(PREFER)).join(',');
    if (chance(0.3)) h.accept = pick(ACCEPT);
    if (chance(0.15)) h.range = pick(['0-1', '5-2', '0-', 'abc', '1-99999999999999999999', '00-00', '-5']);
    if (chance(0.7))
      h['content-type'] = pick([
        'application/json',
        'text/plain',
        'application/json; charset=utf-8',
        'multipart/form-data',
        'x/y',
      ]);
    return h;
  };

  /** A well-formed read of rt_people: must succeed whatever the values. */
  const legalQuery = (): string => {
    // Backslash escapes in LIKE patterns are the client's business: a trailing one is a 400.
    const word = () => encodeURIComponent(nasty().replaceAll('*', '').replaceAll('\\', ''));
    const filters = [
      () => `id=gt.${int(10)}`,
      () => `age=lt.${int(100)}`,
      () => `name=like.*${word()}*`,
      () => `name=ilike.${word()}`,
      () => `name=eq.${word()}`,
      () => `name=in.(${encodeURIComponent(`"${nasty().replaceAll('\\', '').replaceAll('"', '')}"`)},Bob)`,
      () => `profile->>city=eq.${word()}`,
      () => `tags=cs.{admin}`,
      () => `bio=is.null`,
      () => `or=(age.gt.${int(50)},name.eq.Bob,and(id.gte.1,id.lte.${int(6)}))`,
      () => `rt_teams.name=neq.${word()}`,
    ];
    const parts = [
      `select=${encodeURIComponent(pick(['*', 'id,name', 'id,n:name,age::text', 'id,city:profile->>city', 'id,rt_teams(name)', 'id,team_id(*),rt_projects!owner_id(title)']))}`,
    ];
    if (!parts[0]?.includes('rt_teams')) parts[0] += encodeURIComponent(',rt_teams(name)');
    for (let i = int(4); i > 0; i--) parts.push(pick(filters)());
    if (chance(0.5))
      parts.push(`order=${pick(['id', 'age.desc.nullslast', 'profile->>city,id', 'name.asc'])}`);
    if (chance(0.5)) parts.push(`limit=${int(10)}`);
    return parts.join('&');
  };

  return (): Req => {
    if (chance(0.2)) {
      return {
        method: 'GET',
        path: `/rt_people?${legalQuery()}`,
        headers: chance(0.5) ? { prefer: 'count=exact' } : {},
        legal: true,
      };
    }
    const k = int(10);
    const table = pick(TABLES);
    if (k <= 4)
      return {
        method: pick(['GET', 'GET', 'GET', 'HEAD']),
        path: `/${table}?${query()}`,
        headers: headers(),
      };
    if (k <= 6)
      return {
        method: 'POST',
        path: `/${pick(['rt_fuzz', 'rt_fuzz', 'rt_control', table])}?${chance(0.3) ? query() : ''}`,
        headers: headers(),
        body: body(),
      };
    if (k === 7)
      return {
        method: pick(['PATCH', 'DELETE']),
        path: `/${pick(['rt_fuzz', 'rt_control', table])}?${query()}`,
        headers: headers(),
        body: body(),
      };
    if (k === 8) {
      const fn = pick([
        'rt_add',
        'rt_people_older_than',
        'rt_echo',
        'rt_team_names',
        'rt_team_stats',
        'nope',
        'rt_bump',
        nasty(),
      ]);
      const get = chance(0.5);
      const args = `${pick(['a', 'b', 'min_age', 'payload', 'ids', nasty()])}=${enc(value())}`;
      return get
        ? { method: 'GET', path: `/rpc/${enc(fn)}?${args}&${query()}`, headers: headers() }
        : {
            method: 'POST',
            path: `/rpc/${enc(fn)}?${chance(0.3) ? query() : ''}`,
            headers: headers(),
            body: body(),
          };
    }
    return {
      method: pick(['PUT', 'OPTIONS', 'GET', 'POST']),
      path: `/${enc(nasty())}${chance(0.5) ? `?${query()}` : ''}`,
      headers: headers(),
      body: chance(0.5) ? body() : undefined,
    };
  };
}

const fuzzAccess: DataAccessHook = async (_req, target, action) => {
  if (target.name === 'rt_secret') return { ok: false, status: 403, message: 'Forbidden' };
  if (target.name === 'rt_control' && action === 'write')
    return { ok: false, status: 403, message: 'rt_control is read-only' };
  if (target.name.startsWith('rt_')) return { ok: true };
  return { ok: false, status: 404, message: 'Not found' };
};

const REQUESTS = 5000;

describe.each(DB_KINDS)('data API fuzzing on %s', (kind) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, {}, { dataAccess: fuzzAccess });
    await server.db.exec(`${FIXTURE_SQL}
      CREATE TABLE rt_fuzz (id serial PRIMARY KEY, name text, age int, tags text[], profile jsonb, v text);`);
    await reloadSchemaCache(server.db);
    base = `${server.baseUrl}/api/db`;
  });
  afterAll(() => server.close());

  it(`answers ${REQUESTS} hostile requests with JSON 4xx or legal 2xx, never 500, and leaves rt_control alone`, async () => {
    const before = await server.db.query('SELECT * FROM rt_control ORDER BY id');
    const next = generator(kind === 'pglite' ? 20240601 : 20240602);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const worker = async () => {
      while (sent < REQUESTS) {
        sent++;
        const r = next();
        let res: Response;
        try {
          res = await fetch(base + r.path, {
            method: r.method,
            headers: r.headers,
            body: r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body,
          });
        } catch {
          continue; // the client itself refused the request (e.g. a header it cannot send)
        }
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const describe = `${r.method} ${r.path.slice(0, 300)} ${JSON.stringify(r.headers)} ${(r.body ?? '').slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
        if (res.status >= 500) failures.push(describe);
        else if (r.legal && res.status !== 200 && res.status !== 206)
          failures.push(`legal request refused: ${describe}`);
        else if (res.status >= 300 && r.method !== 'HEAD') {
          try {
            const body = JSON.parse(text) as Record<string, unknown>;
            if (typeof body.message !== 'string' && typeof body.error !== 'string')
              failures.push(`no message: ${describe}`);
          } catch {
            failures.push(`not JSON: ${describe}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures.slice(0, 10)).toEqual([]);
    // Legal requests got through too: the fuzzer is not just producing parse errors.
    expect((statuses.get(200) ?? 0) + (statuses.get(206) ?? 0)).toBeGreaterThan(REQUESTS / 10);
    expect([...statuses.keys()].some((s) => s >= 400 && s < 500)).toBe(true);
    const after = await fetch(`${base}/rt_control?order=id`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(before.rows);
    // On an idle machine this takes well under a minute; a loaded CI box gets more time.
  }, 600_000);
});
