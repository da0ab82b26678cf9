import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ResourceActionsProvider,
  type ResourceAction,
  type ResourceRef,
} from '../../../platform/resourceActions.js';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ConfigDetailPage } from './ConfigDetailPage.js';

const CONFIG = {
  id: 'c1',
  name: 'payments',
  type: 'Kubernetes::Namespace',
  config: {
    metadata: { name: 'payments', labels: { team: 'payments' } },
    spec: { finalizers: ['kubernetes'] },
  },
  tags: {},
  labels: {},
  created_at: '2026-11-01T10:00:00Z',
  summary: { changes: 0, analysis: 0, relationships: 0, playbook_runs: 0, checks: 0 },
};

const WHOAMI = () => ({ payload: { user: { id: 'u1' }, roles: ['admin'], permissions: [] } });

function serve(components: unknown[]) {
  return fakeServer(
    {
      '/api/auth/whoami': WHOAMI,
      'GET /api/db/config_detail': () => [CONFIG],
      'GET /api/db/components': () => components,
    },
    () => [],
  );
}

const render = (url = '/catalog/c1', actions: ResourceAction[] = []) =>
  renderWithApp(
    <ResourceActionsProvider actions={actions}>
      <ConfigDetailPage />
    </ResourceActionsProvider>,
    { url, route: '/catalog/:id/:tab?' },
  );

beforeEach(() => localStorage.clear());

describe('catalog item page', () => {
  it('shows its one component with children above the tabs, in a resizable split', async () => {
    const user = userEvent.setup();
    const server = serve([{ id: 'comp1', name: 'payments', is_leaf: false }]);
    render();
    const frame = await screen.findByTitle('Topology of payments');
    expect(frame).toHaveAttribute('src', '/view/topology/comp1');
    const q = server.requests.find((r) => r.url.pathname === '/api/db/components')?.url;
    expect(q?.searchParams.get('config_id')).toBe('eq.c1');
    const handle = screen.getByRole('separator', { name: 'Resize topology' });
    expect(handle).toHaveAttribute('aria-valuenow', '40');
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(handle).toHaveAttribute('aria-valuenow', '45');
    expect(localStorage.getItem('catalog.topologySplit')).toBe('45');
    expect(screen.getByRole('tab', { name: /Config/ })).toBeInTheDocument();
  });

  it('has no split for a leaf component, or for several components', async () => {
    serve([{ id: 'comp1', name: 'payments', is_leaf: true }]);
    const first = render();
    expect(await screen.findByRole('tab', { name: /Config/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('topology-split')).toBeNull());
    first.unmount();
    serve([
      { id: 'comp1', name: 'a', is_leaf: false },
      { id: 'comp2', name: 'b', is_leaf: false },
    ]);
    render();
    expect(await screen.findByRole('tab', { name: /Config/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('topology-split')).toBeNull();
  });

  it('links to an incident with the YAML lines and the selected ones as evidence', async () => {
    const user = userEvent.setup();
    serve([]);
    let linked: ResourceRef | undefined;
    const capture: ResourceAction = {
      id: 'link-to-incident',
      label: 'Link to Incident',
      appliesTo: ['config'],
      render: ({ resource }) => {
        linked = resource;
        return null;
      },
    };
    render('/catalog/c1?selected=2', [capture]);
    await user.click(await screen.findByRole('button', { name: 'Link to Incident' }));
    expect(linked?.evidence).toMatchObject({
      configName: 'payments',
      configType: 'Kubernetes::Namespace',
      selected_lines: { '2': '  name: payments' },
    });
    expect(Object.keys((linked?.evidence?.lines ?? {}) as object)).toEqual(['1', '2', '3', '4', '5']);
  });
});
