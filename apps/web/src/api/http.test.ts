import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXT, HttpError, messageFromBody } from './errors.js';
import { http } from './http.js';
import { setAppMode, setUnauthorizedHandler } from './session.js';

afterEach(() => {
  vi.unstubAllGlobals();
  setAppMode(undefined);
});

function stubFetch(impl: (input: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn(impl);
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function failure(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('http client', () => {
  it('sends JSON and returns the parsed body', async () => {
    const f = stubFetch(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    expect(
      await http('/api/x', { method: 'POST', body: { a: 1 }, query: { q: 'v', skip: undefined } }),
    ).toEqual({ ok: 1 });
    const [url, init] = f.mock.calls[0] ?? [];
    expect(url).toBe('/api/x?q=v');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the response's error, then its message, then 'An error occurred'", async () => {
    stubFetch(async () => new Response(JSON.stringify({ error: 'name is required' }), { status: 400 }));
    expect((await failure(http('/api/x'))).message).toBe('name is required');
    stubFetch(async () => new Response(JSON.stringify({ message: 'duplicate key' }), { status: 409 }));
    expect((await failure(http('/api/x'))).message).toBe('duplicate key');
    stubFetch(async () => new Response('', { status: 500 }));
    const e = await failure(http('/api/x'));
    expect(e.message).toBe('An error occurred');
    expect(e.status).toBe(500);
    expect(messageFromBody({ error: { message: 'nested' } })).toBe('nested');
  });

  it('reports network failures, being offline and timeouts with their texts', async () => {
    stubFetch(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failure(http('/api/x'))).message).toBe(ERROR_TEXT.network);
    expect(ERROR_TEXT.network).toBe('Network Error. Please try again.');

    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect((await failure(http('/api/x'))).message).toBe('No internet connection. Please try again.');
    vi.stubGlobal('navigator', { ...navigator, onLine: true });

    stubFetch(
      (_u, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    expect((await failure(http('/api/x', { timeoutMs: 20 }))).message).toBe(
      'Request timed out. Please try again.',
    );
  });

  it('sends a 401 to the auth-state checker with the current path, except in checker mode', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    window.history.replaceState(null, '', '/settings/jobs?status=all');
    stubFetch(async () => new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401 }));
    await failure(http('/api/auth/whoami'));
    expect(handler).toHaveBeenCalledWith('/settings/jobs?status=all');
    setAppMode('checker');
    await failure(http('/api/auth/whoami'));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
