import { permissionsFor } from '@opsdeck/shared';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { Guard } from '../auth/Guard.js';
import { whoamiKey } from '../auth/whoami.js';
import { fakeServer } from '../test/fakeServer.js';
import { RouteError } from './RouteError.js';

function withUser(roles: string[], ui: React.ReactElement) {
  const payload = { user: { id: '1', name: 'Hana Sato' }, roles, permissions: permissionsFor(roles) };
  // The guard re-reads whoami (roles are never cached): answer like the server would.
  fakeServer({}, () => ({ message: 'success', payload }));
  const client = new QueryClient();
  client.setQueryData(whoamiKey, payload);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('Guard', () => {
  it('shows its content only with the permission, else nothing or the Unauthorized page', () => {
    withUser(
      ['viewer'],
      <Guard resource="canaries" action="read">
        secret checks
      </Guard>,
    );
    expect(screen.getByText('secret checks')).toBeInTheDocument();
  });

  it('shows Unauthorized when asked to', () => {
    withUser(
      ['viewer'],
      <Guard resource="canaries" action="write" showUnauthorized>
        edit form
      </Guard>,
    );
    expect(screen.queryByText('edit form')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page')).toBeInTheDocument();
  });

  it('accepts any of several resources', () => {
    withUser(
      ['responder'],
      <Guard resource={['canaries', 'incident']} action="write">
        respond
      </Guard>,
    );
    expect(screen.getByText('respond')).toBeInTheDocument();
  });
});

describe('error boundary', () => {
  it("shows 'Sorry.. there was an error' for a page that throws", async () => {
    function Broken(): React.ReactElement {
      throw new Error('boom');
    }
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    const spy = console.error;
    console.error = () => undefined; // React logs the thrown error; the test expects it.
    try {
      render(<RouterProvider router={router} />);
      expect(await screen.findByText('Sorry.. there was an error')).toBeInTheDocument();
      expect(screen.getByText('boom')).toBeInTheDocument();
    } finally {
      console.error = spy;
    }
  });
});
