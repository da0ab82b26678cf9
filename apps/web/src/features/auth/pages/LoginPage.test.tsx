import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginPage } from './LoginPage.js';

const flow = (id: string) => ({ id, ui: { nodes: [], messages: [] } });

function startServer(registration: () => unknown) {
  return fakeServer({
    '/api/auth/self-service/login/browser': () => flow('login-1'),
    '/api/auth/self-service/registration/browser': registration,
  });
}

describe('the sign-in page', () => {
  it("links to 'Create account' while registration is open, asked only after its own flow", async () => {
    const server = startServer(() => flow('reg-1'));
    renderWithApp(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(server.hrefs()[0]).toBe('/api/auth/self-service/login/browser');
  });

  it('hides the link when registration is closed or the question fails', async () => {
    for (const answer of [
      () =>
        json(
          { error: { id: 'self_service_flow_disabled', message: 'Registration is disabled' } },
          { status: 400 },
        ),
      () => json({ error: 'boom' }, { status: 500 }),
    ]) {
      const server = startServer(answer);
      const { unmount } = renderWithApp(<LoginPage />, { url: '/login' });
      await waitFor(() => expect(server.hrefs()).toContain('/api/auth/self-service/registration/browser'));
      await screen.findByRole('link', { name: 'Forgot password?' });
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
      expect(screen.queryByText('Loading…')).toBeNull();
      unmount();
    }
  });
});
