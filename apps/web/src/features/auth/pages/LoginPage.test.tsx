import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginPage } from './LoginPage.js';

const flow = (id: string) => ({ id, ui: { nodes: [], messages: [] } });

function startServer(about: () => unknown) {
  return fakeServer({
    '/api/auth/self-service/login/browser': () => flow('login-1'),
    '/api/about': about,
  });
}

describe('the sign-in page', () => {
  it("links to 'Create account' while registration is open, without creating a registration flow", async () => {
    const server = startServer(() => ({ version: '1', registration: true }));
    renderWithApp(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(server.hrefs()).not.toContain('/api/auth/self-service/registration/browser');
  });

  it('hides the link when registration is closed or /api/about fails', async () => {
    for (const answer of [
      () => ({ version: '1', registration: false }),
      () => json({ error: 'boom' }, { status: 500 }),
    ]) {
      const server = startServer(answer);
      const { unmount } = renderWithApp(<LoginPage />, { url: '/login' });
      await waitFor(() => expect(server.hrefs()).toContain('/api/about'));
      await screen.findByRole('link', { name: 'Forgot password?' });
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
      expect(screen.queryByText('Loading…')).toBeNull();
      unmount();
    }
  });
});
