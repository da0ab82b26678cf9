import { ApiError, columnNotFound } from '../errors.js';
import type { FieldRef } from '../parse/types.js';
import type { Relation } from '../schema/types.js';
import type { ColumnExpr } from './types.js';
import { ownTable } from '@opsdeck/shared';

/** SQL spellings of common types, mapped to pg_type names so a quoted cast finds them. */
const CAST_ALIASES: Record<string, string> = ownTable({
  integer: 'int4',
  int: 'int4',
  bigint: 'int8',
  smallint: 'int2',
  boolean: 'bool',
  real: 'float4',
  double: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  timestamptz: 'timestamptz',
});

/** A cast as written (`int`, `text[]`) to the pg_type name it means; quoting happens in sql/. */
export function normalizeCast(cast: string): string {
  const isArray = cast.endsWith('[]');
  const base = (isArray ? cast.slice(0, -2) : cast).trim().toLowerCase();
  return (CAST_ALIASES[base] ?? base) + (isArray ? '[]' : '');
}

/** Resolves `name->a->>b::cast` against a relation's columns. */
export function resolveExpr(rel: Relation, field: FieldRef, cast?: string): ColumnExpr {
  const col = rel.columns.get(field.name);
  if (!col) throw columnNotFound(field.name, rel.name);
  const last = field.path[field.path.length - 1];
  if (last && col.type !== 'json' && col.type !== 'jsonb') {
    throw new ApiError(
      400,
      '42883',
      `operator does not exist: ${col.type} -> unknown`,
      null,
      `Column ${rel.name}.${col.name} is not JSON: a JSON path needs a json or jsonb column.`,
    );
  }
  const pathType = last ? (last.arrow === '->>' ? 'text' : 'jsonb') : col.type;
  const normalized = cast === undefined ? undefined : normalizeCast(cast);
  return {
    column: col.name,
    columnType: col.type,
    category: last ? (last.arrow === '->>' ? 'S' : 'U') : col.category,
    path: field.path,
    cast: normalized,
    type: normalized ?? pathType,
  };
}
