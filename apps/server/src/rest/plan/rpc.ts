import { ApiError } from '../errors.js';
import type { FunctionDef, Relation, SchemaCache } from '../schema/types.js';

/** Every parameter name of the functions called `name` (GET: those query keys are arguments). */
export function functionArgNames(cache: SchemaCache, name: string): Set<string> {
  return new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
}

/** The overload that takes exactly these named arguments; PGRST202 / PGRST203 otherwise. */
export function resolveFunction(cache: SchemaCache, name: string, argNames: string[]): FunctionDef {
  const given = new Set(argNames);
  const matches = (cache.functions.get(name) ?? []).filter(
    (f) =>
      argNames.every((n) => f.args.some((a) => a.name === n)) &&
      f.args.every((a) => a.hasDefault || given.has(a.name)),
  );
  const signature = `public.${name}(${[...argNames].sort().join(', ')})`;
  const [only] = matches;
  if (matches.length === 1 && only) return only;
  if (matches.length === 0) {
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function public.${name} with parameters ${[...argNames].sort().join(', ') || 'none'}, but no matches were found in the schema cache.`,
    );
  }
  throw new ApiError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${matches.map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
  );
}

/** The rows a function returns, described as a relation so select/filter/order apply. */
export function functionRelation(
  cache: SchemaCache,
  fn: FunctionDef,
): { relation: Relation; keysOf: string } | undefined {
  if (fn.returns.kind !== 'rows') return undefined;
  const base = fn.returns.relation ? cache.relations.get(fn.returns.relation) : undefined;
  const relation: Relation = {
    name: fn.name,
    kind: 'view',
    columns: new Map(fn.returns.columns.map((c) => [c.name, base?.columns.get(c.name) ?? c])),
    primaryKey: [],
    uniqueKeys: [],
  };
  return { relation, keysOf: fn.returns.relation ?? fn.name };
}
