import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Route } from '../test/fakeServer.js';
import { ERROR_TEXT, HttpError, messageFromBody } from './errors.js';
import { http } from './http.js';
import { setAppMode, setUnauthorizedHandler } from './session.js';

afterEach(() => setAppMode(undefined));

/** Every request gets the same answer. */
const answerAll = (route: Route) => fakeServer({}, route);

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
    const server = answerAll(() => ({ ok: 1 }));
    expect(
      await http('/api/x', { method: 'POST', body: { a: 1 }, query: { q: 'v', skip: undefined } }),
    ).toEqual({ ok: 1 });
    const [req] = server.requests;
    expect(req?.href).toBe('/api/x?q=v');
    expect(req?.init.body).toBe('{"a":1}');
    expect((req?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the response's error, then its message, then 'An error occurred'", async () => {
    answerAll(() => new Response(JSON.stringify({ error: 'name is required' }), { status: 400 }));
    expect((await failure(http('/api/x'))).message).toBe('name is required');
    answerAll(() => new Response(JSON.stringify({ message: 'duplicate key' }), { status: 409 }));
    expect((await failure(http('/api/x'))).message).toBe('duplicate key');
    answerAll(() => new Response('', { status: 500 }));
    const e = await failure(http('/api/x'));
    expect(e.message).toBe('An error occurred');
    expect(e.status).toBe(500);
    expect(messageFromBody({ error: { message: 'nested' } })).toBe('nested');
  });

  it('reports network failures, being offline and timeouts with their texts', async () => {
    answerAll(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failure(http('/api/x'))).message).toBe(ERROR_TEXT.network);
    expect(ERROR_TEXT.network).toBe('Network Error. Please try again.');

    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    expect((await failure(http('/api/x'))).message).toBe('No internet connection. Please try again.');
    vi.stubGlobal('navigator', { ...navigator, onLine: true });

    answerAll(
      ({ init }) =>
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
    answerAll(() => new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401 }));
    await failure(http('/api/auth/whoami'));
    expect(handler).toHaveBeenCalledWith('/settings/jobs?status=all');
    setAppMode('checker');
    await failure(http('/api/auth/whoami'));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
