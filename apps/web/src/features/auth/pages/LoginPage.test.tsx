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

  it("offers 'Sign in with {provider}' alone in oidc mode, keeping return_to, and creates no password flow", async () => {
    const server = startServer(() => ({ version: '1', authMode: 'oidc', oidcProvider: 'Acme SSO' }));
    renderWithApp(<LoginPage />, { url: '/login?return_to=%2Fincidents%3Fstatus%3Dopen' });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/login?return_to=%2Fincidents%3Fstatus%3Dopen',
    );
    expect(screen.getByRole('heading', { name: 'Sign In to your account' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    expect(server.hrefs()).not.toContain('/api/auth/self-service/login/browser');
  });

  it('sends only paths of this console as return_to', async () => {
    startServer(() => ({ version: '1', authMode: 'oidc', oidcProvider: 'Acme SSO' }));
    renderWithApp(<LoginPage />, { url: '/login?return_to=%2F%2Fevil.example' });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' })).toHaveAttribute(
      'href',
      '/api/auth/oidc/login?return_to=%2F',
    );
  });

  it('shows the password form, not the provider button, in builtin mode', async () => {
    startServer(() => ({ version: '1', authMode: 'builtin' }));
    renderWithApp(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });
});
