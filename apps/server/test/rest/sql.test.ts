import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/rest/parse/request.js';
import { planRead } from '../../src/rest/plan/read.js';
import { readStatement } from '../../src/rest/sql/read.js';
import { writeStatement } from '../../src/rest/sql/write.js';
import { stubSchema } from './schema-stub.js';

const cache = stubSchema();
const people = cache.relations.get('people')!;

function read(query: string, exactCount = false) {
  const req = parseRequest(query, {});
  return readStatement(planRead(cache, req, people, { maxRows: 1000 }).root, {
    exactCount,
    stripNulls: false,
  });
}

describe('SQL generation', () => {
  it('binds every value as a parameter and quotes identifiers from the schema', () => {
    const hostile = "x'); DROP TABLE people; --";
    const stmt = read(
      `select=id,name&name=eq.${encodeURIComponent(hostile)}&labels->>${encodeURIComponent("a'b")}=like.*${encodeURIComponent(hostile)}*`,
    );
    expect(stmt.sql).not.toContain('DROP');
    expect(stmt.sql).not.toContain("a'b");
    expect(stmt.params).toEqual([hostile, "a'b", `%${hostile}%`]);
    expect(stmt.sql).toContain('"t0"."name" = $1::text');
    expect(stmt.sql).toContain('FROM "people" AS "t0"');
  });

  it('builds embeds as correlated sub-queries and the count in the same statement', () => {
    const stmt = read('select=id,team_id(name),skills(name)&skills.order=name.desc&limit=5', true);
    expect(stmt.sql).toContain('row_to_json(');
    expect(stmt.sql).toContain('coalesce(json_agg("t2_e"), \'[]\')');
    expect(stmt.sql).toContain('EXISTS (SELECT 1 FROM "people_skills"');
    expect(stmt.sql).toMatch(/\(SELECT count\(\*\) FROM "people" AS "t0"\)::text AS total/);
    expect(stmt.sql).toContain('LIMIT 5');
    expect(stmt.params).toEqual([]);
  });

  it('renders !inner as EXISTS in the parent, and or/not trees', () => {
    const stmt = read(
      'select=id,teams!inner(id)&teams.name=eq.a&or=(age.gt.1,not.and(id.in.(1,2),name.is.null))',
    );
    expect(stmt.sql).toContain(
      'EXISTS (SELECT 1 FROM "teams" AS "t1" WHERE "t1"."id" = "t0"."team_id" AND "t1"."name" = $',
    );
    expect(stmt.sql).toContain(
      '("t0"."age" > $1::integer OR NOT ("t0"."id" = ANY($2::integer[]) AND "t0"."name" IS NULL))',
    );
    expect(stmt.params).toContain('{"1","2"}');
  });

  it('writes in one statement with RETURNING into the representation', () => {
    const req = parseRequest('select=id,team_id(name)&id=eq.1', {});
    const root = planRead(cache, req, people).root;
    const stmt = writeStatement(
      people,
      { kind: 'update', columns: ['name'], payload: '{"name":"x"}' },
      root,
      {
        representation: true,
        stripNulls: false,
      },
    );
    expect(stmt.sql).toMatch(
      /^WITH _m AS \(UPDATE "people" AS "t0" SET "name" = _j."name" FROM json_populate_record/,
    );
    expect(stmt.sql).toContain('RETURNING "t0".*');
    expect(stmt.params).toEqual(['{"name":"x"}', '1']);
  });
});
