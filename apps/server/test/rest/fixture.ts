import { PostgrestClient } from '@supabase/postgrest-js';
import type { DataAccessHook } from '../../src/access.js';
import { reloadSchemaCache } from '../../src/rest/schema/cache.js';
import { startTestServer, type DbKind, type TestServer } from '../helpers.js';

/** Test tables, views and functions of the data API suites (prefix rt_). */
export const FIXTURE_SQL = `
CREATE TABLE rt_teams (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE rt_people (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text UNIQUE,
  age int,
  team_id int REFERENCES rt_teams (id),
  manager_id int REFERENCES rt_people (id),
  profile jsonb NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  bio text,
  active boolean DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE rt_projects (
  id serial PRIMARY KEY,
  title text NOT NULL,
  owner_id int NOT NULL REFERENCES rt_people (id),
  reviewer_id int REFERENCES rt_people (id),
  budget numeric,
  period int4range
);
CREATE TABLE rt_skills (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE rt_people_skills (
  person_id int REFERENCES rt_people (id),
  skill_id int REFERENCES rt_skills (id),
  PRIMARY KEY (person_id, skill_id)
);
CREATE TABLE rt_control (id int PRIMARY KEY, v text NOT NULL);
CREATE TABLE rt_secret (id int PRIMARY KEY);
CREATE VIEW rt_people_view AS SELECT p.id, p.name AS full_name, p.team_id, p.age FROM rt_people p;
CREATE VIEW rt_adults AS SELECT v.id, v.full_name, v.team_id AS team FROM rt_people_view v WHERE v.age >= 18;

INSERT INTO rt_teams (name) VALUES ('Platform'), ('Payments'), ('Empty');
INSERT INTO rt_people (name, email, age, team_id, manager_id, profile, tags, bio) VALUES
  ('Alice', 'alice@example.com', 34, 1, NULL, '{"city":"Paris","langs":["en","fr"],"level":3}', '{admin,oncall}', 'loves distributed systems and coffee'),
  ('Bob', 'bob@example.com', 28, 1, 1, '{"city":"Berlin","level":2}', '{oncall}', 'writes postgres extensions'),
  ('Carol', 'carol@example.com', 45, 2, 1, '{"city":"Paris","level":5}', '{}', NULL),
  ('Dan, the "quoted"', NULL, NULL, NULL, 3, '{}', '{}', NULL),
  ('Eve', 'eve@example.com', 31, 2, 3, '{"city":"Oslo"}', '{admin}', 'security research');
INSERT INTO rt_projects (title, owner_id, reviewer_id, budget, period) VALUES
  ('Apollo', 1, 2, 1000.50, '[1,10)'), ('Zephyr', 3, 1, 20, '[20,30)'), ('Mercury', 1, NULL, NULL, NULL);
INSERT INTO rt_skills (name) VALUES ('go'), ('sql'), ('rust');
INSERT INTO rt_people_skills VALUES (1, 1), (1, 2), (2, 2), (3, 3);
INSERT INTO rt_control VALUES (1, 'one'), (2, 'two'), (3, 'three');

CREATE FUNCTION rt_add(a int, b int) RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT a + b';
CREATE FUNCTION rt_people_older_than(min_age int) RETURNS SETOF rt_people LANGUAGE sql STABLE
  AS 'SELECT * FROM rt_people WHERE age > min_age ORDER BY id';
CREATE FUNCTION rt_team_names() RETURNS SETOF text LANGUAGE sql STABLE AS 'SELECT name FROM rt_teams ORDER BY id';
CREATE FUNCTION rt_bump(p_id int) RETURNS void LANGUAGE sql AS 'UPDATE rt_people SET age = age + 1 WHERE id = p_id';
CREATE FUNCTION rt_echo(payload jsonb, ids int[] DEFAULT '{}') RETURNS jsonb LANGUAGE sql IMMUTABLE
  AS 'SELECT jsonb_build_object(''payload'', payload, ''ids'', to_jsonb(ids))';
CREATE FUNCTION rt_team_stats() RETURNS TABLE (team text, members bigint) LANGUAGE sql STABLE
  AS 'SELECT t.name, count(p.id) FROM rt_teams t LEFT JOIN rt_people p ON p.team_id = t.id GROUP BY t.id, t.name ORDER BY t.id';
`;

/** Exposes the rt_ tables and functions; rt_secret exists but is forbidden. */
export const fixtureAccess: DataAccessHook = async (_req, target) => {
  if (target.name === 'rt_secret') return { ok: false, status: 403, message: 'You may not read rt_secret' };
  if (target.name.startsWith('rt_')) return { ok: true };
  return { ok: false, status: 404, message: `${target.kind === 'table' ? 'Table' : 'Function'} not found` };
};

export type Fixture = { server: TestServer; client: PostgrestClient; url: string };

export async function startFixture(kind: DbKind, env: Record<string, string> = {}): Promise<Fixture> {
  const server = await startTestServer(kind, {}, env, { dataAccess: fixtureAccess });
  await server.db.exec(FIXTURE_SQL);
  await reloadSchemaCache(server.db);
  const url = `${server.baseUrl}/api/db`;
  return { server, client: new PostgrestClient(url), url };
}
