import { ERROR_TEXT, HttpError, messageFromBody } from './errors.js';
import { handleUnauthorized } from './session.js';

export const DEFAULT_TIMEOUT_MS = 30_000;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== null && v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** fetch with a timeout and the app's error texts; no 401 handling (see rawFetch). */
async function send(input: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    return await fetch(input, { credentials: 'same-origin', ...init, signal });
  } catch (e) {
    if (timeout.aborted) throw new HttpError(ERROR_TEXT.timeout, 0);
    if (init.signal?.aborted) throw e; // the caller cancelled: not an error to show
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      throw new HttpError(ERROR_TEXT.offline, 0);
    throw new HttpError(ERROR_TEXT.network, 0);
  }
}

/**
 * fetch with a timeout and the app's error texts. Every request of the app goes through
 * here (the data-API client too), so 401 handling and error messages are the same everywhere.
 */
export async function rawFetch(
  input: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  if ((init.method ?? 'GET') !== 'GET') early.clear();
  const res = await send(input, init);
  if (res.status === 401) handleUnauthorized();
  return res;
}

/**
 * GETs started by the entry module before the app's code has loaded (the session), each
 * answer taken by the first http() GET of the same URL. An answer not taken soon, or once
 * anything was written (a sign-in), is dropped: it may no longer be true.
 */
const early = new Map<string, { at: number; res: Promise<Response> }>();
const EARLY_MAX_AGE_MS = 10_000;

/** Starts `GET path?query` now; the app's own request for it later reuses the answer. */
export function startEarly(path: string, query?: RequestOptions['query']): void {
  const url = withQuery(path, query);
  const res = send(url, { method: 'GET', headers: { Accept: 'application/json' } });
  res.catch(() => undefined); // a failed early request is simply sent again
  early.set(url, { at: Date.now(), res });
}

/** The early answer for `url`, if any (a 401 now goes through the app's handler). */
async function takeEarly(url: string): Promise<Response | undefined> {
  const e = early.get(url);
  if (!e) return undefined;
  early.delete(url);
  if (Date.now() - e.at > EARLY_MAX_AGE_MS) return undefined;
  const res = await e.res.catch(() => undefined);
  if (res?.status === 401) handleUnauthorized();
  return res;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A JSON request; resolves to the parsed body, throws HttpError for a non-2xx answer. */
export async function http<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const init: RequestInit & { timeoutMs?: number } = { method: opts.method ?? 'GET', headers };
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(opts.body);
  }
  if (opts.signal) init.signal = opts.signal;
  if (opts.timeoutMs) init.timeoutMs = opts.timeoutMs;
  const url = withQuery(path, opts.query);
  const res = (init.method === 'GET' ? await takeEarly(url) : undefined) ?? (await rawFetch(url, init));
  const body = await readBody(res);
  if (!res.ok) throw new HttpError(messageFromBody(body), res.status, body);
  return body as T;
}
