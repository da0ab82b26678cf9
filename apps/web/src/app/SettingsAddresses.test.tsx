import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { fakeServer, json } from '../test/fakeServer.js';
import { appRoutes } from './router.js';

function renderApp(path: string) {
  fakeServer(
    {
      '/api/about': () => ({ version: '1', appMode: 'full', authMode: 'none' }),
      '/api/auth/whoami': () => ({
        payload: {
          user: { id: 'u1', name: 'Admin' },
          roles: ['admin'],
          permissions: permissionsFor(['admin']),
        },
      }),
      '/api/properties': () => [],
    },
    () => json([], { headers: { 'content-range': '*/0' } }),
  );
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('settings addresses of doc 3 §2.1', () => {
  it('/settings/connections/{id} opens the connections page on that connection', async () => {
    const router = renderApp('/settings/connections/c1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/connections'));
    expect(new URLSearchParams(router.state.location.search).get('connection')).toBe('c1');
  });

  it('/settings/properties is the feature flags page (feature flags are the properties table)', async () => {
    const router = renderApp('/settings/properties');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/feature-flags'));
  });
});
