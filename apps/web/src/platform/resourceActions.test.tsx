import { permissionsFor } from '@opsdeck/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../test/fakeServer.js';
import { renderWithApp } from '../test/render.js';
import { ResourceActionButtons, ResourceActionsProvider, type ResourceAction } from './resourceActions.js';

function serve(roles: string[]) {
  return fakeServer({
    '/api/auth/whoami': () => ({
      payload: { user: { id: 'u1', name: 'Admin' }, roles, permissions: permissionsFor(roles) },
    }),
    'GET /api/properties': () => [],
  });
}

const actions: ResourceAction[] = [
  {
    id: 'on-checks',
    label: 'Check action',
    appliesTo: ['check'],
    render: ({ resource, close }) => (
      <div role="dialog" aria-label="Check dialog">
        {resource.name}
        <button type="button" onClick={close}>
          Done
        </button>
      </div>
    ),
  },
  { id: 'on-configs', label: 'Config action', appliesTo: ['config', 'config_change'], render: () => null },
  {
    id: 'writers-only',
    label: 'Writer action',
    appliesTo: ['check'],
    visible: (ctx) => ctx.can('incident', 'write'),
    render: () => null,
  },
];

describe('resource actions', () => {
  it('renders only the actions applying to the kind, and opens and closes their dialog', async () => {
    serve(['admin']);
    renderWithApp(
      <ResourceActionsProvider actions={actions}>
        <ResourceActionButtons resource={{ kind: 'check', id: 'c1', name: 'api-health' }} />
      </ResourceActionsProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Writer action' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Config action' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Check action' }));
    expect(screen.getByRole('dialog', { name: 'Check dialog' })).toHaveTextContent('api-health');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks each action whether the user may see it', async () => {
    const server = serve(['viewer']);
    renderWithApp(
      <ResourceActionsProvider actions={actions}>
        <ResourceActionButtons resource={{ kind: 'check', id: 'c1', name: 'api-health' }} />
      </ResourceActionsProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Check action' })).toBeInTheDocument();
    await waitFor(() => expect(server.hrefs().some((h) => h.includes('whoami'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Writer action' })).toBeNull();
  });

  it('renders nothing without a provider', () => {
    serve(['admin']);
    renderWithApp(<ResourceActionButtons resource={{ kind: 'config', id: 'x', name: 'x' }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
