import { fieldErrorOf } from '../../db/error-words.js';
import { isPgError, type PgError } from '../../db/types.js';
import { ApiError } from '../errors.js';
import { ownTable } from '@opsdeck/shared';

/** SQLSTATEs with their own status in PostgREST. */
const BY_CODE: Record<string, number> = ownTable({
  '23503': 409, // foreign_key_violation
  '23505': 409, // unique_violation
  '25006': 405, // read_only_sql_transaction (a volatile function called with GET)
  '42883': 404, // undefined_function
  '42P01': 404, // undefined_table
  '42501': 403, // insufficient_privilege
  '55000': 405, // object_not_in_prerequisite_state (e.g. writing a view that is not updatable)
  '57014': 504, // query_canceled: the statement timeout
  P0001: 400, // raise_exception
});

/** By SQLSTATE class, as PostgREST maps them; unlisted classes are client errors (400). */
const BY_CLASS: Record<string, number> = ownTable({
  '08': 503, // connection exception
  '09': 500,
  '0L': 403,
  '0P': 403,
  '25': 500,
  '28': 403,
  '2D': 500,
  '38': 500,
  '39': 500,
  '3B': 500,
  '40': 500,
  '53': 503, // insufficient resources
  '55': 500,
  '57': 500,
  '58': 500,
  F0: 500,
  HV: 500,
  P0: 500,
  XX: 500,
});

/** Statement bugs on our side: never shown to the client (they would quote our SQL). */
const INTERNAL = new Set(['42601', '42P02']);

/**
 * 42601 raised by the SQL parser is a bug in our statement; raised elsewhere (a text
 * search query, a cast's input) it is the client's value.
 */
function isClientSyntaxError(e: PgError): boolean {
  const where = e as PgError & { routine?: unknown; file?: unknown };
  const fromParser =
    (typeof where.routine === 'string' && where.routine.includes('yyerror')) ||
    where.file === 'scan.l' ||
    where.file === 'gram.y';
  return e.code === '42601' && !fromParser;
}

/**
 * A database error as a PostgREST error body. Client-caused errors keep the status and code;
 * integrity and value errors say in words what is wrong and which field (`db/error-words.ts`),
 * the others keep the database's message, detail and hint; server-side ones become a generic
 * 500 (logged by the caller).
 */
export function dbErrorToApi(e: unknown): ApiError | undefined {
  if (!isPgError(e) || !e.code) return undefined;
  const code = e.code;
  if (INTERNAL.has(code) && !isClientSyntaxError(e)) return undefined;
  const status = BY_CODE[code] ?? BY_CLASS[code.slice(0, 2)] ?? 400;
  if (status >= 500 && status !== 503 && status !== 504) return undefined;
  // A value a form sent (a taken name, a missing field): in words, naming the field; the
  // database's own text stays in `details` (with its key detail) for tools.
  const words = fieldErrorOf(e);
  if (words) {
    const details = [e.message, e.detail].filter(Boolean).join(': ');
    return new ApiError(status, code, words.message, details, e.hint ?? null, words.fields);
  }
  return new ApiError(status, code, e.message, e.detail ?? null, e.hint ?? null);
}
