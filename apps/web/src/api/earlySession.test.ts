import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWhoami } from '../auth/whoami.js';
import { fakeServer, json } from '../test/fakeServer.js';
import { startSessionRequests } from './earlySession.js';
import { http } from './http.js';
import { fetchAbout } from './platform.js';
import { setUnauthorizedHandler } from './session.js';

const me = {
  payload: { user: { id: 'u1', name: 'Ada' }, roles: ['viewer'], permissions: ['canaries:read'] },
};

afterEach(() => {
  vi.useRealTimers();
  setUnauthorizedHandler(() => undefined);
});

describe('the session asked for by the entry module', () => {
  it('is sent once: the app’s own about and whoami take the early answers', async () => {
    const server = fakeServer({
      '/api/about': () => ({ version: '1.2.3' }),
      '/api/auth/whoami': () => me,
    });
    startSessionRequests('/catalog');
    expect(server.hrefs()).toEqual(['/api/about', '/api/auth/whoami']);
    expect((await fetchAbout()).version).toBe('1.2.3');
    expect((await fetchWhoami()).user.name).toBe('Ada');
    expect(server.hrefs()).toEqual(['/api/about', '/api/auth/whoami']);
    // Taken once: the next whoami (roles are never cached) asks the server again.
    await fetchWhoami();
    expect(server.hrefs()).toEqual(['/api/about', '/api/auth/whoami', '/api/auth/whoami']);
  });

  it('asks for no session on a sign-in page', () => {
    const server = fakeServer({ '/api/about': () => ({ version: '1' }) });
    startSessionRequests('/login');
    expect(server.hrefs()).toEqual(['/api/about']);
  });

  it('sends a signed-out answer to sign-in when the app takes it, not before', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    window.history.replaceState(null, '', '/health?x=1');
    fakeServer({ '/api/auth/whoami': () => json({ error: 'Authentication required' }, { status: 401 }) });
    startSessionRequests('/health');
    await new Promise((r) => setTimeout(r, 0));
    expect(handler).not.toHaveBeenCalled();
    await expect(fetchWhoami()).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledWith('/health?x=1');
  });

  it('drops an answer once something was written (a sign-in) or when it is too old', async () => {
    const server = fakeServer({ '/api/auth/whoami': () => me, 'POST /api/x': () => ({}) });
    startSessionRequests('/');
    await http('/api/x', { method: 'POST', body: {} });
    await fetchWhoami();
    expect(server.hrefs().filter((h) => h === '/api/auth/whoami')).toHaveLength(2);

    vi.useFakeTimers({ toFake: ['Date'] });
    startSessionRequests('/');
    vi.setSystemTime(Date.now() + 60_000);
    await fetchWhoami();
    expect(server.hrefs().filter((h) => h === '/api/auth/whoami')).toHaveLength(4);
  });
});
