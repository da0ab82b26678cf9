import { HOSTILE_RETURN_TO } from '@opsdeck/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { LoginPage } from './LoginPage.js';

const flow = (id: string) => ({ id, ui: { nodes: [], messages: [] } });

afterEach(() => vi.restoreAllMocks());

const node = (name: string, type: string, value?: string) => ({
  type: 'input',
  group: name === 'csrf_token' ? 'default' : 'password',
  attributes: { name, type, value, node_type: 'input' },
  messages: [],
  meta: name === 'method' ? { label: { text: 'Sign in' } } : {},
});
const passwordFlow = {
  id: 'login-2',
  ui: {
    nodes: [
      node('csrf_token', 'hidden', 'c'),
      node('identifier', 'text'),
      node('password', 'password'),
      node('method', 'submit', 'password'),
    ],
    messages: [],
  },
};

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

  it("says a wrong password in its own words, not Kratos' '…username, email address, or phone number'", async () => {
    const KRATOS_TEXT =
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.';
    fakeServer({
      '/api/auth/self-service/login/browser': () => ({
        ...passwordFlow,
        ui: { ...passwordFlow.ui, messages: [{ id: 4000006, text: KRATOS_TEXT, type: 'error' }] },
      }),
      '/api/about': () => ({ version: '1', authMode: 'kratos' }),
    });
    renderWithApp(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong email or password. Check both and try again.',
    );
    expect(screen.queryByText(/phone number/)).toBeNull();
  });

  it('shows the password form, not the provider button, in builtin mode', async () => {
    startServer(() => ({ version: '1', authMode: 'builtin' }));
    renderWithApp(<LoginPage />, { url: '/login' });
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('keeps a hostile return_to out of the OIDC sign-in link: tabs, newlines, backslashes, userinfo', async () => {
    for (const raw of ['%2F%09%2Fevil.example%2F', '%2F%5Cevil.example', '%2F%0A%2Fevil.example']) {
      startServer(() => ({ version: '1', authMode: 'oidc', oidcProvider: 'Acme SSO' }));
      const { unmount } = renderWithApp(<LoginPage />, { url: `/login?return_to=${raw}` });
      expect(await screen.findByRole('link', { name: 'Sign in with Acme SSO' }), raw).toHaveAttribute(
        'href',
        '/api/auth/oidc/login?return_to=%2F',
      );
      unmount();
    }
  });

  it('after a password sign-in the browser stays on this console whatever return_to said', async () => {
    const origin = window.location.origin;
    for (const template of HOSTILE_RETURN_TO) {
      const raw = template.replaceAll('{host}', window.location.host);
      const server = fakeServer({
        '/api/about': () => ({ version: '1', authMode: 'builtin' }),
        '/api/auth/self-service/login/browser': () => passwordFlow,
        // A server that names no address: the page falls back to return_to.
        'POST /api/auth/self-service/login': () => ({ session: { id: 's' } }),
      });
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      const user = userEvent.setup();
      const { unmount } = renderWithApp(<LoginPage />, { url: `/login?return_to=${raw}` });
      await user.type(await screen.findByLabelText('identifier'), 'a@example.com');
      await user.type(screen.getByLabelText('password'), 'pw');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(assign).toHaveBeenCalled());
      const target = String(assign.mock.calls[0]?.[0]);
      expect(new URL(target, `${origin}/`).origin, raw).toBe(origin);
      // Nothing that would leave is even handed to the server.
      const created = server.requests.find((r) => r.url.pathname.endsWith('/login/browser'));
      const sent = created?.url.searchParams.get('return_to');
      if (sent) expect(new URL(sent, `${origin}/`).origin, raw).toBe(origin);
      unmount();
      assign.mockRestore();
    }
  }, 90_000);

  it('fills the form from ?username= and ?password=, then drops them from the address bar', async () => {
    fakeServer({
      '/api/about': () => ({ version: '1', authMode: 'builtin' }),
      '/api/auth/self-service/login/browser': () => passwordFlow,
    });
    const app = renderWithApp(<LoginPage />, { url: '/login?username=maya%40example.com&password=s3cret' });
    expect(await screen.findByLabelText('identifier')).toHaveValue('maya@example.com');
    expect(screen.getByLabelText('password')).toHaveValue('s3cret');
    await waitFor(() => expect(app.location().searchParams.has('password')).toBe(false));
    expect(app.location().searchParams.has('username')).toBe(false);
  });
});
