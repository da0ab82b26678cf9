import { ApiError } from '../errors.js';
import type { ForeignKey, SchemaCache } from '../schema/types.js';
import type { Relationship } from './types.js';

export type ResolvedRelationship = { target: string; rel: Relationship };

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}

/** Every relationship between `outer` and the relation `target`, as PostgREST finds them. */
function candidatesToTable(cache: SchemaCache, outer: string, target: string): ResolvedRelationship[] {
  const out: ResolvedRelationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.from === outer && fk.to === target) out.push({ target, rel: { kind: 'm2o', fk } });
    if (fk.from === target && fk.to === outer) out.push({ target, rel: { kind: 'o2m', fk } });
  }
  // Many-to-many through a junction table whose primary key holds both keys' columns.
  const fksByJunction = new Map<string, ForeignKey[]>();
  for (const fk of cache.foreignKeys) {
    if (fk.from === outer || fk.from === target) continue;
    const list = fksByJunction.get(fk.from) ?? [];
    list.push(fk);
    fksByJunction.set(fk.from, list);
  }
  for (const [junction, fks] of fksByJunction) {
    const pk = cache.relations.get(junction)?.primaryKey ?? [];
    for (const outerFk of fks.filter((f) => f.to === outer)) {
      for (const innerFk of fks.filter((f) => f.to === target && f.name !== outerFk.name)) {
        const cols = [...outerFk.fromColumns, ...innerFk.fromColumns];
        if (cols.every((c) => pk.includes(c)))
          out.push({ target, rel: { kind: 'm2m', junction, outerFk, innerFk } });
      }
    }
  }
  return out;
}

/** `person_id(*)` or `person(*)`: the many-to-one key on that column of `outer`. */
function candidatesByColumn(cache: SchemaCache, outer: string, name: string): ResolvedRelationship[] {
  const byColumn = (col: string) =>
    cache.foreignKeys
      .filter(
        (fk) => fk.from === outer && !fk.toView && fk.fromColumns.length === 1 && fk.fromColumns[0] === col,
      )
      .map((fk): ResolvedRelationship => ({ target: fk.to, rel: { kind: 'm2o', fk } }));
  const direct = byColumn(name);
  return direct.length ? direct : byColumn(`${name}_id`);
}

function matchesHint(r: Relationship, hint: string): boolean {
  const fkMatches = (fk: ForeignKey) =>
    fk.name === hint || sameColumns(fk.fromColumns, [hint]) || sameColumns(fk.toColumns, [hint]);
  if (r.kind === 'm2m') return r.junction === hint || fkMatches(r.outerFk) || fkMatches(r.innerFk);
  return fkMatches(r.fk);
}

function describe(outer: string, r: ResolvedRelationship) {
  const rel = r.rel;
  if (rel.kind === 'm2m') {
    return {
      cardinality: 'many-to-many',
      embedding: `${outer} with ${r.target}`,
      relationship: `${rel.junction} using ${rel.outerFk.name}(${rel.outerFk.fromColumns.join(', ')}) and ${rel.innerFk.name}(${rel.innerFk.fromColumns.join(', ')})`,
    };
  }
  return {
    cardinality: rel.kind === 'm2o' ? 'many-to-one' : 'one-to-many',
    embedding: `${outer} with ${r.target}`,
    relationship: `${rel.fk.name} using ${rel.fk.from}(${rel.fk.fromColumns.join(', ')}) and ${rel.fk.to}(${rel.fk.toColumns.join(', ')})`,
  };
}

/** Resolves `name[!hint]` embedded in `outer`; PGRST200 when none, PGRST201 when several. */
export function resolveRelationship(
  cache: SchemaCache,
  outer: string,
  name: string,
  hint: string | undefined,
): ResolvedRelationship {
  let found = cache.relations.has(name) ? candidatesToTable(cache, outer, name) : [];
  if (found.length === 0 && !cache.relations.has(name)) found = candidatesByColumn(cache, outer, name);
  if (hint !== undefined) found = found.filter((r) => matchesHint(r.rel, hint));
  // The same key reached twice (a view and its table share a name only in theory): dedupe.
  const unique = new Map(found.map((r) => [JSON.stringify(describe(outer, r)), r]));
  found = [...unique.values()];
  const [only] = found;
  if (found.length === 1 && only) return only;
  if (found.length === 0) notFound(outer, name, hint);
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${outer}' and '${name}'`,
    found.map((r) => describe(outer, r)),
    `Try changing '${name}' to one of the following: ${found
      .map((r) => `'${name}!${r.rel.kind === 'm2m' ? r.rel.junction : r.rel.fk.name}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function notFound(outer: string, name: string, hint: string | undefined): never {
  throw new ApiError(
    400,
    'PGRST200',
    `Could not find a relationship between '${outer}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${outer}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    null,
  );
}

/** Whether rows of `relation` are unique on `columns` (a one-to-one from the other side). */
export function isUniqueOn(cache: SchemaCache, relation: string, columns: string[]): boolean {
  return (cache.relations.get(relation)?.uniqueKeys ?? []).some((k) => sameColumns(k, columns));
}
