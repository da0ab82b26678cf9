import { HOSTILE_RETURN_TO } from '@opsdeck/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { AuthStateCheckerPage } from './AuthStateCheckerPage.js';

afterEach(() => vi.restoreAllMocks());

/** The address bar's value as the page reads it, and whether a browser would leave for it. */
function variant(template: string) {
  const origin = window.location.origin;
  const raw = template.replaceAll('{host}', window.location.host);
  const value = new URLSearchParams(`v=${raw}`).get('v') ?? '';
  const lands = new URL(value, `${origin}/`);
  return { raw, leaves: lands.origin !== origin || !/^https?:$/.test(lands.protocol) };
}

/** Renders the page at `/auth-state-checker?return_to=<raw>` and answers where it sent the browser. */
async function sentTo(raw: string): Promise<string> {
  const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined);
  const { unmount } = renderWithApp(<AuthStateCheckerPage />, {
    url: `/auth-state-checker?return_to=${raw}`,
  });
  await waitFor(() => expect(replace).toHaveBeenCalled());
  const target = String(replace.mock.calls[0]?.[0]);
  unmount();
  replace.mockRestore();
  return target;
}

/** Issue 37, finding 6: a signed-in user opening `/auth-state-checker?return_to=%2F%5Cevil…` went there. */
describe('the session check page', () => {
  it('goes back to a path of this console with a live session', async () => {
    fakeServer({ '/api/auth/sessions/whoami': () => ({ id: 's1' }) });
    expect(await sentTo('%2Fincidents%3Fstatus%3Dopen')).toBe('/incidents?status=open');
  });

  it('never leaves the console with a live session, whatever return_to says', async () => {
    fakeServer({ '/api/auth/sessions/whoami': () => ({ id: 's1' }) });
    const all = HOSTILE_RETURN_TO.map(variant);
    expect(all.filter((v) => v.leaves).length).toBeGreaterThanOrEqual(30);
    for (const v of all) {
      const target = await sentTo(v.raw);
      expect(new URL(target, `${window.location.origin}/`).origin, v.raw).toBe(window.location.origin);
      if (v.leaves) expect(target, v.raw).toBe('/');
    }
  });

  it('hands the login page only a return_to of this console without a session', async () => {
    fakeServer({ '/api/auth/sessions/whoami': () => json({ error: {} }, { status: 401 }) });
    for (const v of HOSTILE_RETURN_TO.map(variant).filter((x) => x.leaves)) {
      expect(await sentTo(v.raw), v.raw).toBe('/login?return_to=%2F');
    }
    expect(await sentTo('%2Fcatalog')).toBe('/login?return_to=%2Fcatalog');
  });

  it.each([403, 422])(
    'sends a session that answers %i to sign-in with aal2 and return_to',
    async (status) => {
      fakeServer({
        '/api/auth/sessions/whoami': () => json({ error: { id: 'session_aal2_required' } }, { status }),
      });
      expect(await sentTo('%2Fcatalog')).toBe('/login?aal=aal2&return_to=%2Fcatalog');
    },
  );

  it('follows the address a 403 names', async () => {
    fakeServer({
      '/api/auth/sessions/whoami': () =>
        json(
          { error: { id: 'session_aal2_required' }, redirect_browser_to: '/login?aal=aal2&return_to=%2Fx' },
          { status: 403 },
        ),
    });
    expect(await sentTo('%2Fcatalog')).toBe('/login?aal=aal2&return_to=%2Fx');
  });
});
