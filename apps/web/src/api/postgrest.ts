import { PostgrestClient } from '@supabase/postgrest-js';
import { HttpError } from './errors.js';
import { rawFetch } from './http.js';

/**
 * The data API client (`/api/db`, PostgREST conventions). It uses the app's fetch, so
 * timeouts, network errors and 401s behave like every other call.
 */
export const db = new PostgrestClient(
  `${typeof window === 'undefined' ? 'http://localhost' : window.location.origin}/api/db`,
  {
    fetch: (input, init) => rawFetch(String(input instanceof Request ? input.url : input), init ?? {}),
    // TanStack Query decides about retries; two layers of retries would multiply the wait.
    retry: false,
  },
);

type PgError = { message: string; code?: string; details?: string | null; hint?: string | null };
type PgResult<T> = { data: T | null; error: PgError | null; count?: number | null; status: number };

/** PostgREST ilike pattern: '*' is its wildcard, so '*', ',' and parentheses in the text are dropped. */
export function ilikePattern(text: string): string {
  return `*${text.replace(/[*,()]/g, ' ').trim()}*`;
}

/** The rows of a data-API answer; throws HttpError with the server's message on failure. */
export async function rows<T>(query: PromiseLike<PgResult<T[]>>): Promise<T[]> {
  const res = await query;
  if (res.error) throw toHttpError(res.error, res.status);
  return res.data ?? [];
}

/** Rows plus the exact total (from Content-Range), for server-side paging with `count: 'exact'`. */
export async function page<T>(
  query: PromiseLike<PgResult<T[]>>,
): Promise<{ data: T[]; totalEntries: number | undefined }> {
  const res = await query;
  if (res.error) throw toHttpError(res.error, res.status);
  return { data: res.data ?? [], totalEntries: res.count ?? undefined };
}

function toHttpError(error: PgError, status: number): HttpError {
  // rawFetch throws HttpError for timeouts and network failures; postgrest-js turns a thrown
  // fetch error into { message: 'HttpError: <text>' } with status 0. Keep just the text.
  const message = (error.message || 'An error occurred').replace(/^HttpError: /, '');
  return new HttpError(message, status, error);
}
