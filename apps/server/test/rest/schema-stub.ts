import type { Column, ForeignKey, Relation, SchemaCache } from '../../src/rest/schema/types.js';

const col = (name: string, type = 'text', category = 'S'): Column => ({
  name,
  type,
  category,
  notNull: false,
  defaultSql: null,
  generated: false,
});

function rel(
  name: string,
  columns: Column[],
  primaryKey: string[] = ['id'],
  kind: Relation['kind'] = 'table',
): Relation {
  return {
    name,
    kind,
    columns: new Map(columns.map((c) => [c.name, c])),
    primaryKey,
    uniqueKeys: primaryKey.length ? [primaryKey] : [],
  };
}

const fk = (
  name: string,
  from: string,
  fromColumns: string[],
  to: string,
  toColumns = ['id'],
): ForeignKey => ({
  name,
  from,
  fromColumns,
  to,
  toColumns,
});

/** A small schema without a database, for planner and SQL unit tests. */
export function stubSchema(): SchemaCache {
  const relations = [
    rel('teams', [col('id', 'integer', 'N'), col('name')]),
    rel('people', [
      col('id', 'integer', 'N'),
      col('name'),
      col('team_id', 'integer', 'N'),
      col('labels', 'jsonb', 'U'),
      col('age', 'integer', 'N'),
    ]),
    rel('projects', [
      col('id', 'integer', 'N'),
      col('owner_id', 'integer', 'N'),
      col('reviewer_id', 'integer', 'N'),
      col('title'),
    ]),
    rel('skills', [col('id', 'integer', 'N'), col('name')]),
    rel(
      'people_skills',
      [col('person_id', 'integer', 'N'), col('skill_id', 'integer', 'N')],
      ['person_id', 'skill_id'],
    ),
    rel('profiles', [col('person_id', 'integer', 'N'), col('bio')], ['person_id']),
  ];
  return {
    relations: new Map(relations.map((r) => [r.name, r])),
    foreignKeys: [
      fk('people_team_id_fkey', 'people', ['team_id'], 'teams'),
      fk('projects_owner_id_fkey', 'projects', ['owner_id'], 'people'),
      fk('projects_reviewer_id_fkey', 'projects', ['reviewer_id'], 'people'),
      fk('people_skills_person_id_fkey', 'people_skills', ['person_id'], 'people'),
      fk('people_skills_skill_id_fkey', 'people_skills', ['skill_id'], 'skills'),
      fk('profiles_person_id_fkey', 'profiles', ['person_id'], 'people'),
    ],
    functions: new Map(),
  };
}
