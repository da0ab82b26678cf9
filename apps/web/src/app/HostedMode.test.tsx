import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { fakeServer, json } from '../test/fakeServer.js';
import { appRoutes } from './router.js';

let authMode = 'oidc';
let whoamiStatus = 200;
let organisations = [
  { name: 'acme', url: 'https://acme.example', current: true },
  { name: 'globex', url: 'https://globex.example', current: false },
];

function startServer() {
  return fakeServer({
    '/api/auth/whoami': () =>
      whoamiStatus === 200
        ? {
            message: 'success',
            payload: {
              user: { id: 'u1', name: 'Maya Okafor', email: 'maya@example.com' },
              roles: ['responder'],
              permissions: permissionsFor(['responder']),
              organisations: authMode === 'oidc' ? organisations : undefined,
            },
          }
        : json({ error: 'upstream unavailable' }, { status: whoamiStatus }),
    '/api/properties': () => [],
    '/api/about': () => ({ version: '9.8.7', appMode: 'full', authMode, oidcProvider: 'Acme SSO' }),
    '/api/db/event_queue_summary': () => json([], { headers: { 'content-range': '*/0' } }),
  });
}

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  organisations = [
    { name: 'acme', url: 'https://acme.example', current: true },
    { name: 'globex', url: 'https://globex.example', current: false },
  ];
  authMode = 'oidc';
  whoamiStatus = 200;
  startServer();
});

describe('the hosted organisation mode (AUTH_MODE=oidc)', () => {
  it('shows the organisation switcher (no personal workspace) next to the user button', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/settings/jobs');
    const switcher = await screen.findByRole('button', { name: 'Organisation' });
    expect(switcher).toHaveTextContent('acme');
    expect(screen.getByRole('button', { name: 'User menu' })).toBeInTheDocument();
    await user.click(switcher);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['acme', 'globex']);
    expect(within(menu).queryByText(/personal/i)).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'globex' }));
    expect(assign).toHaveBeenCalledWith('https://globex.example/organizations/orgs-switched');
    assign.mockRestore();
  });

  it("keeps Sign out in the user button but no 'Your Profile' (the issuer owns passwords)", async () => {
    const user = userEvent.setup();
    renderApp('/settings/jobs');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Hi Maya Okafor')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Your Profile' })).toBeNull();
  });

  it('keeps the plain user menu in the other modes', async () => {
    authMode = 'builtin';
    renderApp('/settings/jobs');
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Organisation' })).toBeNull();
  });

  it.each([503, 500, 404])('shows the provisioning screen when whoami answers %i', async (status) => {
    whoamiStatus = status;
    renderApp('/settings/jobs');
    expect(
      await screen.findByText('Instance provisioning in-progress', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Sorry.. there was an error')).toBeNull();
  });

  it('shows the error page for any other whoami failure', async () => {
    whoamiStatus = 403;
    renderApp('/settings/jobs');
    expect(await screen.findByText('Sorry.. there was an error')).toBeInTheDocument();
    expect(screen.queryByText('Instance provisioning in-progress')).toBeNull();
  });

  it('shows the error page, not the provisioning screen, for a 503 outside the hosted mode', async () => {
    authMode = 'builtin';
    whoamiStatus = 503;
    renderApp('/settings/jobs');
    expect(await screen.findByText('Sorry.. there was an error', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("the error page says BAD_SESSION's text, 'Unknown error' for any other code, and Go back leads home", async () => {
    const user = userEvent.setup();
    const router = renderApp('/error?error_code=BAD_SESSION');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    );
    await user.click(screen.getByRole('link', { name: 'Go back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/topology'));
  });

  it("the error page says 'Unknown error' for a code it does not know", async () => {
    renderApp('/error?error_code=SOMETHING_ELSE');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error');
  });

  it('sends a user none of whose organisations is this console to the organisation-select screen', async () => {
    organisations = organisations.map((o) => ({ ...o, current: false }));
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const router = renderApp('/settings/jobs');
    const list = await screen.findByRole('list', { name: 'Organisations' });
    expect(router.state.location.pathname).toBe('/organizations/select');
    expect(screen.getByRole('heading', { name: 'Select an organisation' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['acme', 'globex']);
    await user.click(within(list).getByRole('link', { name: 'globex' }));
    expect(assign).toHaveBeenCalledWith('https://globex.example/organizations/orgs-switched');
    assign.mockRestore();
  });
});

describe('the flow-error page', () => {
  it('reads the error id from the route and prints the stored error under An error occurred', async () => {
    authMode = 'builtin';
    const server = fakeServer({
      '/api/about': () => ({ version: '1', appMode: 'full', authMode: 'builtin' }),
      '/api/auth/self-service/errors': () => ({
        id: 'e-1',
        error: { code: 403, reason: 'the return_to address is not allowed' },
      }),
    });
    renderApp('/error/e-1');
    expect(await screen.findByTestId('flow-error')).toHaveTextContent('the return_to address is not allowed');
    expect(screen.getByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(server.requests.find((r) => r.url.pathname === '/api/auth/self-service/errors')?.url.search).toBe(
      '?id=e-1',
    );
  });

  it('moves an older ?id= link to the route, and a gone error (410) goes home', async () => {
    fakeServer({
      '/api/about': () => ({ version: '1', appMode: 'full', authMode: 'builtin' }),
      '/api/auth/self-service/errors': () => json({ error: 'gone' }, { status: 410 }),
      '/api/auth/whoami': () => json({ error: 'signed out' }, { status: 401 }),
    });
    const router = renderApp('/error?id=e-2');
    await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/error/));
  });
});
