import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { fakeServer, json } from '../test/fakeServer.js';
import { appRoutes } from './router.js';

let authMode = 'oidc';
let whoamiStatus = 200;
const organisations = [
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
});
