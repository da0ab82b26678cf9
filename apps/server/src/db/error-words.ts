import { tableNoun } from '@opsdeck/shared';
import type { PgError } from './types.js';

/** A database error a form caused, in words a person can act on, with the fields it is about. */
export type FieldError = { status: number; message: string; fields: string[] };

/** Columns of a key that say nothing to a person (they are never a form field). */
const HIDDEN_KEY_COLUMNS = new Set(['agent_id', 'deleted_at']);

/** Splits `a, coalesce(b, ''::text), c` at its top-level commas. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out;
}

/** The column a key expression is about: `namespace`, `COALESCE(namespace, ''::text)` → namespace. */
function columnOf(expression: string): string {
  const inner = /^\(*\s*(?:[a-z_]+\()?\s*"?([a-z_][a-z0-9_]*)"?/i.exec(expression);
  return (inner?.[1] ?? expression).toLowerCase();
}

/** `Key (name, namespace)=(web, default) already exists.` → columns and, when unambiguous, values. */
function keyOf(detail: string | undefined): { columns: string[]; values: string[] | null } | null {
  const m =
    /^Key \((.*)\)=\((.*)\) (?:already exists|is not present in table|is still referenced from table)/s.exec(
      detail ?? '',
    );
  if (!m) return null;
  const expressions = splitTopLevel(m[1] ?? '');
  const columns = expressions.map(columnOf);
  // PostgreSQL joins the values with ', ' unquoted: a value holding ', ' makes them ambiguous.
  const values = (m[2] ?? '').split(', ');
  return { columns, values: values.length === columns.length ? values : null };
}

const quoted = (v: string) => `"${v}"`;

function uniqueViolation(e: PgError): FieldError {
  const noun = tableNoun(e.table);
  const key = keyOf(e.detail);
  if (!key) return { status: 409, message: `this ${noun} already exists`, fields: [] };
  const shown = key.columns
    .map((column, i) => ({ column, value: key.values?.[i] }))
    .filter((k) => !HIDDEN_KEY_COLUMNS.has(k.column));
  const fields = shown.map((k) => k.column);
  const name = shown.find((k) => k.column === 'name');
  const others = shown.filter((k) => k.column !== 'name');
  const said = (k: { column: string; value: string | undefined }) =>
    k.value === undefined ? `the same ${k.column}` : `${k.column.replace(/_/g, ' ')} ${quoted(k.value)}`;
  if (name) {
    const named = name.value === undefined ? 'with this name' : `named ${quoted(name.value)}`;
    const where = others.length ? ` in ${others.map(said).join(' and ')}` : '';
    return { status: 409, message: `a ${noun} ${named} already exists${where}`, fields };
  }
  return { status: 409, message: `a ${noun} with ${shown.map(said).join(' and ')} already exists`, fields };
}

function foreignKeyViolation(e: PgError): FieldError {
  const key = keyOf(e.detail);
  const other = /table "([^"]+)"/.exec(e.detail ?? '')?.[1];
  const column = key?.columns[0];
  if ((e.detail ?? '').includes('is still referenced')) {
    return {
      status: 409,
      message: `this ${tableNoun(e.table)} is still used by a ${tableNoun(other)}; remove that first`,
      fields: [],
    };
  }
  return {
    status: 409,
    message: `${column ?? 'a reference'}: no ${tableNoun(other)} with this id exists`,
    fields: column ? [column] : [],
  };
}

/**
 * The words for a database error a client's values caused (class 23, integrity; class 22, a
 * value the column cannot take), naming the field when the database says which; undefined for
 * every other error. One place for the data API and every other route (docs/development.md).
 */
export function fieldErrorOf(e: PgError): FieldError | undefined {
  const code = e.code ?? '';
  switch (code) {
    case '23505':
      return uniqueViolation(e);
    case '23503':
      return foreignKeyViolation(e);
    case '23502':
      return e.column
        ? { status: 400, message: `${e.column}: a value is required`, fields: [e.column] }
        : undefined;
    case '23514':
    case '23P01': {
      const column = e.column ?? (e.constraint && e.table ? guessColumn(e.constraint, e.table) : undefined);
      const what = column ? `${column}: ` : '';
      return {
        status: 400,
        message: `${what}this value is not allowed for a ${tableNoun(e.table)} (${e.constraint ?? e.message})`,
        fields: column ? [column] : [],
      };
    }
  }
  if (code.startsWith('22')) {
    const what = e.column ? `${e.column}: ` : '';
    return { status: 400, message: `${what}${e.message}`, fields: e.column ? [e.column] : [] };
  }
  return undefined;
}

/** `canaries_schedule_check` on `canaries` → schedule: PostgreSQL's default constraint names. */
function guessColumn(constraint: string, table: string): string | undefined {
  const m = new RegExp(`^${table}_(.+)_check$`).exec(constraint);
  return m?.[1];
}
