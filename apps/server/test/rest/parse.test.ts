import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/rest/errors.js';
import { parseFilter, parseLogic } from '../../src/rest/parse/filter.js';
import { parseAccept, parsePrefer, parseRange } from '../../src/rest/parse/headers.js';
import { parseOrder } from '../../src/rest/parse/order.js';
import { parseRequest } from '../../src/rest/parse/request.js';
import { parseSelect } from '../../src/rest/parse/select.js';

const field = (name: string) => ({ name, path: [] });

function parseFails(fn: () => unknown, code = 'PGRST100'): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(code);
    return;
  }
  throw new Error('expected a parse error');
}

describe('select grammar', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, label:name ,age::text,city:profile->address->>city,profile->langs->0')).toEqual([
      { type: 'field', field: field('id'), alias: undefined, cast: undefined },
      { type: 'field', field: field('name'), alias: 'label', cast: undefined },
      { type: 'field', field: field('age'), alias: undefined, cast: 'text' },
      {
        type: 'field',
        field: {
          name: 'profile',
          path: [
            { arrow: '->', key: 'address' },
            { arrow: '->>', key: 'city' },
          ],
        },
        alias: 'city',
        cast: undefined,
      },
      {
        type: 'field',
        field: {
          name: 'profile',
          path: [
            { arrow: '->', key: 'langs' },
            { arrow: '->', key: 0 },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
    ]);
  });

  it('reads embeds with aliases, hints, !inner, spreads and nesting; empty select is *', () => {
    expect(parseSelect('')).toEqual([{ type: 'star' }]);
    const [star, embed, spread] = parseSelect(
      '*,owner:people!owner_id!inner(name,team:teams(*)),...agent(name),x()',
    );
    expect(star).toEqual({ type: 'star' });
    expect(embed).toMatchObject({
      type: 'embed',
      name: 'people',
      alias: 'owner',
      hint: 'owner_id',
      inner: true,
      spread: false,
      select: [
        { type: 'field' },
        { type: 'embed', name: 'teams', alias: 'team', select: [{ type: 'star' }] },
      ],
    });
    expect(spread).toMatchObject({ type: 'embed', name: 'agent', spread: true });
    expect(parseSelect('x()')).toEqual([
      {
        type: 'embed',
        name: 'x',
        alias: undefined,
        hint: undefined,
        inner: false,
        spread: false,
        select: [],
      },
    ]);
  });

  it('reads quoted names with escapes', () => {
    expect(parseSelect('"my col","a\\"b":"weird, name"')).toMatchObject([
      { field: { name: 'my col' } },
      { field: { name: 'weird, name' }, alias: 'a"b' },
    ]);
  });

  it('rejects malformed selects', () => {
    for (const bad of [
      'id,',
      'a(',
      'a(b',
      'a)',
      'id::',
      'id::drop table',
      'a!(b)',
      'a!x!y(b)',
      '...id',
      'a->',
      ':a',
      '"open',
      'a->b(c)',
    ]) {
      parseFails(() => parseSelect(bad));
    }
    parseFails(() => parseSelect('a('.repeat(40) + ')'.repeat(40)));
  });
});

describe('filter grammar', () => {
  it('reads operators, not, modifiers and lists', () => {
    expect(parseFilter(field('a'), 'eq.1', 'a')).toEqual({
      field: field('a'),
      negated: false,
      op: 'eq',
      value: '1',
    });
    expect(parseFilter(field('a'), 'not.like.*x*', 'a')).toMatchObject({
      negated: true,
      op: 'like',
      value: '%x%',
    });
    expect(parseFilter(field('a'), 'in.(1,"two, 2","th\\"ree")', 'a')).toMatchObject({
      op: 'in',
      value: ['1', 'two, 2', 'th"ree'],
    });
    expect(parseFilter(field('a'), 'in.()', 'a')).toMatchObject({ value: [] });
    expect(parseFilter(field('a'), 'fts(english).cat & dog', 'a')).toMatchObject({
      op: 'fts',
      ftsConfig: 'english',
      value: 'cat & dog',
    });
    expect(parseFilter(field('a'), 'like(any).{a*,*b}', 'a')).toMatchObject({
      quantifier: 'any',
      value: ['a%', '%b'],
    });
    expect(parseFilter(field('a'), 'is.NULL', 'a')).toMatchObject({ op: 'is', value: 'null' });
    // A top-level value is taken literally, dots, quotes and parentheses included.
    expect(parseFilter(field('a'), 'eq."x.y(z)"', 'a')).toMatchObject({ value: '"x.y(z)"' });
    expect(parseFilter(field('a'), 'cs.{1,2}', 'a')).toMatchObject({ op: 'cs', value: '{1,2}' });
  });

  it('rejects unknown operators, bad is values and broken lists', () => {
    for (const bad of [
      'eqq.1',
      '1',
      'eq',
      'is.maybe',
      'in.(1,2',
      'in.1,2',
      'eq(any).1',
      'gt(foo).1',
      'fts().x',
      'not.not.eq.1',
    ]) {
      parseFails(() => parseFilter(field('a'), bad, 'a'));
    }
  });

  it('reads nested or/and trees with quoted values and negation', () => {
    const tree = parseLogic(
      '(a.eq.1,not.and(b.gt.2,c.in.(3,4)),d.not.is.null,e.eq."x,y)",f.cs.{1,2})',
      'or',
      false,
      'or',
    );
    expect(tree).toMatchObject({
      type: 'logic',
      op: 'or',
      children: [
        { type: 'filter', filter: { field: field('a'), op: 'eq', value: '1' } },
        {
          type: 'logic',
          op: 'and',
          negated: true,
          children: [{ filter: { op: 'gt' } }, { filter: { op: 'in', value: ['3', '4'] } }],
        },
        { type: 'filter', filter: { op: 'is', negated: true, value: 'null' } },
        { type: 'filter', filter: { value: 'x,y)' } },
        { type: 'filter', filter: { op: 'cs', value: '{1,2}' } },
      ],
    });
    expect(parseLogic('(labels->>team.eq.a)', 'and', false, 'and')).toMatchObject({
      children: [{ filter: { field: { name: 'labels', path: [{ arrow: '->>', key: 'team' }] } } }],
    });
  });

  it('rejects broken and too deep trees', () => {
    for (const bad of [
      'a.eq.1',
      '(a.eq.1',
      '(a.eq.1,)',
      '()',
      '(a)',
      '(a.eq.1))',
      '(and(a.eq.1)',
      '("a.eq.1)',
    ]) {
      parseFails(() => parseLogic(bad, 'or', false, 'or'));
    }
    parseFails(() => parseLogic(`(${'or('.repeat(50)}a.eq.1${')'.repeat(50)})`, 'or', false, 'or'));
  });
});

describe('order, headers and the whole request', () => {
  it('reads order terms', () => {
    expect(parseOrder('name.desc.nullslast,labels->>team,agent(name).asc', 'order')).toEqual([
      { field: field('name'), direction: 'desc', nulls: 'last' },
      { field: { name: 'labels', path: [{ arrow: '->>', key: 'team' }] } },
      { field: field('name'), relation: 'agent', direction: 'asc' },
    ]);
    parseFails(() => parseOrder('name.up', 'order'));
    parseFails(() => parseOrder('name,', 'order'));
  });

  it('reads Prefer, Accept and Range', () => {
    expect(
      parsePrefer({
        prefer: [
          'return=representation, count=exact',
          'missing=default,resolution=merge-duplicates,tx=rollback',
        ],
      }),
    ).toEqual({
      return: 'representation',
      count: 'exact',
      missing: 'default',
      resolution: 'merge-duplicates',
    });
    expect(parseAccept({ accept: 'application/vnd.pgrst.object+json' })).toEqual({
      media: 'object',
      stripNulls: false,
    });
    expect(parseAccept({ accept: 'application/vnd.pgrst.array+json;nulls=stripped' })).toEqual({
      media: 'json',
      stripNulls: true,
    });
    expect(parseAccept({ accept: 'text/csv' }).media).toBe('csv');
    parseFails(() => parseAccept({ accept: 'image/png' }), 'PGRST107');
    expect(parseRange({ range: '10-19' })).toEqual({ offset: 10, limit: 10 });
    expect(parseRange({ range: '5-' })).toEqual({ offset: 5 });
    parseFails(() => parseRange({ range: '9-1' }), 'PGRST103');
    parseFails(() => parseRange({ range: 'abc' }));
  });

  it('sorts parameters into select, options per embed, filters and function arguments', () => {
    const req = parseRequest(
      'select=id,rel(id)&id=gt.1&rel.name=eq.x&rel.order=id.desc&rel.limit=2&or=(a.eq.1,b.eq.2)&rel.not.or=(c.eq.3)&limit=5&offset=10&on_conflict=a,b&columns="a","b"&x=1',
      {},
      new Set(['x']),
    );
    expect(req.rpcArgs.get('x')).toBe('1');
    expect(req.onConflict).toEqual(['a', 'b']);
    expect(req.columns).toEqual(['a', 'b']);
    const root = req.options.get('');
    expect(root?.limit).toBe(5);
    expect(root?.offset).toBe(10);
    expect(root?.conditions).toHaveLength(2);
    const rel = req.options.get('rel');
    expect(rel?.limit).toBe(2);
    expect(rel?.order).toEqual([{ field: field('id'), direction: 'desc' }]);
    expect(rel?.conditions).toMatchObject([{ type: 'filter' }, { type: 'logic', negated: true }]);
    const json = parseRequest('labels->>a.b=eq.1', {});
    expect(json.options.get('')?.conditions[0]).toMatchObject({
      filter: { field: { name: 'labels', path: [{ key: 'a.b' }] } },
    });
  });

  it('refuses bad limits, NUL characters and over-long query strings', () => {
    parseFails(() => parseRequest('limit=-1', {}));
    parseFails(() => parseRequest('limit=1e3', {}));
    parseFails(() => parseRequest('limit=99999999999999999999', {}));
    parseFails(() => parseRequest('name=eq.a%00b', {}));
    parseFails(() => parseRequest(`select=${'a,'.repeat(40000)}a`, {}));
    parseFails(() => parseRequest('..x=eq.1', {}));
  });
});
