import { permissionsFor } from '@opsdeck/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { TopologyComponent } from '../api/types.js';
import { CardMenu } from './CardMenu.js';

const ID = '11111111-1111-4111-8111-111111111111';

function component(over: Partial<TopologyComponent> = {}): TopologyComponent {
  return {
    id: ID,
    topology_id: 't1',
    parent_id: null,
    name: 'Checkout',
    type: 'Website',
    icon: null,
    namespace: null,
    labels: {},
    status: 'healthy',
    status_reason: null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    external_id: 'nginx-checkout',
    path: '',
    properties: [],
    summary: {},
    hidden: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    children: [],
    checks: [],
    teams: [],
    ...over,
  };
}

function serve(properties: unknown[] = []) {
  fakeServer({
    '/api/auth/whoami': () => ({
      payload: {
        user: { id: 'u1', name: 'Viewer' },
        roles: ['viewer'],
        permissions: permissionsFor(['viewer']),
      },
    }),
    'GET /api/properties': () => properties,
  });
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Actions for Checkout' }));
  await screen.findByRole('menuitem', { name: /Snapshot/ });
  return user;
}

describe('View Logs in the card menu', () => {
  it('links a component with an external id to /logs?topologyId=', async () => {
    serve();
    const app = renderWithApp(<CardMenu component={component({ logs: [{ name: 'access' }] })} />, {
      url: '/topology',
    });
    const user = await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: /View Logs/ }));
    expect(app.location().pathname).toBe('/logs');
    expect(app.location().searchParams.get('topologyId')).toBe(ID);
  });

  it('is absent without an external id (log selectors or not), and when the logs feature is disabled', async () => {
    serve();
    const first = renderWithApp(
      <CardMenu component={component({ external_id: null, logs: [{ name: 'access' }] })} />,
    );
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: /View Logs/ })).toBeNull();
    first.unmount();

    serve([{ name: 'logs.disable', value: 'true' }]);
    const second = renderWithApp(<CardMenu component={component({ logs: [{ name: 'access' }] })} />);
    await openMenu();
    // The flags load with the menu: give them a moment, then the item must still be missing.
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('menuitem', { name: /View Logs/ })).toBeNull();
    second.unmount();
  });
});
