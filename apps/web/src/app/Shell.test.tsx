import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { fakeServer, json } from '../test/fakeServer.js';
import { appRoutes } from './router.js';
import { SIDEBAR_KEY } from './useSidebar.js';

let roles = ['admin'];
let properties: Array<{ name: string; value: string }> = [];
let appMode = 'full';
let signedIn = true;

/** Answers like the server: whoami, properties, about, and the data API for teams and people. */
function startServer() {
  return fakeServer({
    '/api/auth/whoami': () =>
      appMode === 'checker' || !signedIn
        ? json({ error: 'unauthorized' }, { status: 401 })
        : {
            message: 'success',
            payload: {
              user: { id: 'u1', name: 'Maya Okafor', email: 'maya@example.com' },
              roles,
              permissions: permissionsFor(roles),
            },
          },
    '/api/properties': () => properties,
    '/api/about': () => ({ version: '9.8.7', commit: 'abc', database: 'pglite', appMode }),
    '/api/db/teams': ({ url }) =>
      url.searchParams.get('name') === 'ilike.*Plat*' ? [{ id: 't1', name: 'Platform' }] : [],
    '/api/db/people': () => [],
    '/api/db/event_queue_summary': () => json([], { headers: { 'content-range': '*/0' } }),
  });
}
let server: ReturnType<typeof startServer>;

function setWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      onchange: null,
    } as unknown as MediaQueryList;
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
  roles = ['admin'];
  properties = [];
  appMode = 'full';
  signedIn = true;
  server = startServer();
  setWidth(1440);
});

describe('app shell', () => {
  it('lists the settings pages that exist', async () => {
    renderApp('/settings/event-queue-status');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Event Queue' })).toHaveAttribute(
      'href',
      '/settings/event-queue-status',
    );
    expect(within(nav).getByRole('link', { name: 'Jobs History' })).toBeInTheDocument();
  });

  it('hides Settings for a viewer', async () => {
    roles = ['viewer'];
    renderApp('/settings/event-queue-status');
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByText('Settings')).toBeNull();
  });

  it('hides an entry whose feature flag is off', async () => {
    properties = [{ name: 'settings.event_queue_status.disable', value: 'true' }];
    renderApp('/settings/jobs');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Jobs History' })).toBeInTheDocument();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Event Queue' })).toBeNull());
  });

  it('remembers the collapsed sidebar and collapses it below 1024 px', async () => {
    const user = userEvent.setup();
    renderApp('/settings/jobs');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(window.localStorage.getItem(SIDEBAR_KEY)).toBe('true');
    window.localStorage.setItem(SIDEBAR_KEY, 'false');
    setWidth(900);
    renderApp('/settings/jobs');
    await waitFor(() => expect(screen.getAllByRole('navigation', { name: 'Main' })).toHaveLength(2));
    expect(screen.getAllByRole('navigation', { name: 'Main' }).at(-1)).toHaveAttribute(
      'data-collapsed',
      'true',
    );
  });

  it('on a phone, keeps the sidebar behind the Menu button and closes it on navigation', async () => {
    setWidth(390);
    const user = userEvent.setup();
    const router = renderApp('/settings/jobs');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    // Full labels in the drawer, and no collapse toggle.
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    expect(within(drawer).queryByRole('button', { name: 'Collapse sidebar' })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Event Queue' }));
    expect(router.state.location.pathname).toBe('/settings/event-queue-status');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows no Menu button on a wide screen', async () => {
    renderApp('/settings/jobs');
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('greets the user and shows both versions in the user menu', async () => {
    const user = userEvent.setup();
    renderApp('/settings/jobs');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Hi Maya Okafor')).toBeInTheDocument();
    expect(within(menu).getByText('Front-end version: 0.0.0-test')).toBeInTheDocument();
    expect(await within(menu).findByText('Back-end version: 9.8.7')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Your Profile' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('opens the Download kubeconfig dialog from the user menu', async () => {
    const user = userEvent.setup();
    renderApp('/settings/jobs');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download kubeconfig' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download kubeconfig' });
    expect(within(dialog).getByRole('button', { name: 'Download kubeconfig' })).toBeEnabled();
    expect(within(dialog).getByText(/get canaries -A$/)).toBeInTheDocument();
  });

  it('finds a team by name in the command palette and opens it', async () => {
    const user = userEvent.setup();
    const router = renderApp('/settings/jobs');
    await screen.findByRole('button', { name: 'User menu' });
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search by name…'), 'Plat');
    await user.click(await screen.findByRole('option', { name: 'Platform' }, { timeout: 3000 }));
    // The team page is a lazy route: the location changes once its module has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/teams/t1'));
  });

  it('in the standalone checker: no sign-in, no redirect to it, only the health page', async () => {
    appMode = 'checker';
    const router = renderApp('/settings/jobs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/health'));
    expect(server.hrefs().some((u) => u.includes('/api/auth/whoami'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it("redirects '/' to the home area", async () => {
    const router = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
  });

  it('shows the Unauthorized page on a guarded page without permission', async () => {
    roles = ['viewer'];
    // Viewers read 'database'; a page guarded by write shows Unauthorized: use the generic route.
    renderApp('/unauthorized');
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
  });

  it('signed out, asks nothing that needs a session besides whoami (no 401 noise before sign-in)', async () => {
    signedIn = false;
    renderApp('/settings/jobs');
    await waitFor(() => expect(server.hrefs()).toContain('/api/auth/whoami'));
    await new Promise((r) => setTimeout(r, 50));
    expect(server.hrefs().filter((u) => u !== '/api/about' && u !== '/api/auth/whoami')).toEqual([]);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('has one URL for the scraper list: /settings/config_scrapers goes to /catalog/scrapers', async () => {
    const router = renderApp('/settings/config_scrapers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/scrapers'));
  });
});
