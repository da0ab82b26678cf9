import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/rest/errors.js';
import { parseRequest } from '../../src/rest/parse/request.js';
import { planRead } from '../../src/rest/plan/read.js';
import { resolveRelationship } from '../../src/rest/plan/relationships.js';
import { stubSchema } from './schema-stub.js';

const cache = stubSchema();
const people = cache.relations.get('people');
if (!people) throw new Error('stub schema without people');

function plan(query: string, maxRows?: number) {
  return planRead(cache, parseRequest(query, {}), people!, { maxRows });
}

function planError(query: string): ApiError {
  try {
    plan(query);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error(`planning "${query}" should have failed`);
}

describe('relationship resolution', () => {
  it('finds many-to-one by table, FK column, column without _id and hint', () => {
    expect(resolveRelationship(cache, 'people', 'teams', undefined)).toMatchObject({
      target: 'teams',
      rel: { kind: 'm2o' },
    });
    expect(resolveRelationship(cache, 'people', 'team_id', undefined)).toMatchObject({
      target: 'teams',
      rel: { kind: 'm2o' },
    });
    expect(resolveRelationship(cache, 'people', 'team', undefined)).toMatchObject({
      target: 'teams',
      rel: { kind: 'm2o' },
    });
    expect(resolveRelationship(cache, 'people', 'projects', 'owner_id')).toMatchObject({
      rel: { kind: 'o2m', fk: { name: 'projects_owner_id_fkey' } },
    });
    expect(resolveRelationship(cache, 'people', 'projects', 'projects_reviewer_id_fkey')).toMatchObject({
      rel: { fk: { fromColumns: ['reviewer_id'] } },
    });
  });

  it('finds one-to-many and many-to-many through a junction table', () => {
    expect(resolveRelationship(cache, 'teams', 'people', undefined)).toMatchObject({ rel: { kind: 'o2m' } });
    expect(resolveRelationship(cache, 'people', 'skills', undefined)).toMatchObject({
      rel: { kind: 'm2m', junction: 'people_skills' },
    });
  });

  it('reports missing (PGRST200) and ambiguous (PGRST201, 300) relationships', () => {
    expect(() => resolveRelationship(cache, 'teams', 'skills', undefined)).toThrow(
      expect.objectContaining({ code: 'PGRST200', status: 400 }),
    );
    expect(() => resolveRelationship(cache, 'people', 'projects', undefined)).toThrow(
      expect.objectContaining({ code: 'PGRST201', status: 300 }),
    );
    expect(() => resolveRelationship(cache, 'people', 'teams', 'nope')).toThrow(
      expect.objectContaining({ code: 'PGRST200' }),
    );
  });
});

describe('read planning', () => {
  it('plans columns, embeds with their options, to-one flags and the row cap', () => {
    const { root, embeddedTables } = plan(
      'select=id,t:team_id(name),skills(*),profiles(bio)&t.name=eq.x&skills.limit=2&limit=500',
      100,
    );
    expect(root.limit).toBe(100);
    expect(embeddedTables.sort()).toEqual(['people_skills', 'profiles', 'skills', 'teams']);
    const embeds = root.embeds.map((e) => [e.key, e.toOne, e.node.conditions.length, e.node.limit]);
    expect(embeds).toEqual([
      ['t', true, 1, undefined],
      ['skills', false, 0, 2],
      ['profiles', true, 0, undefined], // one-to-one: the FK columns are the target's key
    ]);
  });

  it('resolves JSON paths and casts to typed expressions', () => {
    const { root } = plan('select=city:labels->>city,labels->a->0,age::text&labels->>team=eq.x');
    expect(root.select.map((s) => (s.kind === 'column' ? [s.as, s.expr.type] : null))).toEqual([
      ['city', 'text'],
      ['0', 'jsonb'],
      ['age', 'text'],
    ]);
  });

  it('rejects unknown columns, JSON paths on non-JSON columns and stray embed options', () => {
    expect(planError('select=nope')).toMatchObject({ code: '42703', status: 400 });
    expect(planError('nope=eq.1')).toMatchObject({ code: '42703' });
    expect(planError('select=name->>x')).toMatchObject({ code: '42883', status: 400 });
    expect(planError('teams.name=eq.x')).toMatchObject({ code: 'PGRST108', status: 400 });
    expect(planError('select=id,projects!owner_id(id)&order=projects(id)')).toMatchObject({
      code: 'PGRST118',
    });
    expect(planError('order=teams(name)')).toMatchObject({ code: 'PGRST108' });
    expect(planError('select=...skills(name)')).toMatchObject({ code: 'PGRST119' });
    expect(planError('select=id,nope(*)')).toMatchObject({ code: 'PGRST200' });
  });
});
