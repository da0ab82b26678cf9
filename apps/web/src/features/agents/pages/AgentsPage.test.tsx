import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/queryClient.js';
import { fakeServer, json, type FakeRequest, type Route } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { AgentsPage } from './AgentsPage.js';

const stamp = '2026-11-01T00:00:00Z';
const agents = [
  {
    id: 'a1',
    name: 'edge-eu',
    description: 'EU edge',
    properties: { region: 'eu' },
    last_seen: new Date().toISOString(),
    created_at: stamp,
    config_count: 12,
    checks_count: 3,
    config_scrapper_count: 1,
    playbook_runs_count: 0,
    status: 'online',
    deleted_at: null,
  },
  {
    id: 'a2',
    name: 'edge-us',
    description: null,
    properties: {},
    last_seen: null,
    created_at: stamp,
    config_count: 0,
    checks_count: 0,
    config_scrapper_count: 0,
    playbook_runs_count: 0,
    status: 'unknown',
    deleted_at: null,
  },
];

function serve(roles: string[], extra: Record<string, Route> = {}) {
  const writes: FakeRequest[] = [];
  const server = fakeServer({
    '/api/about': () => ({ version: 'test' }),
    '/api/auth/whoami': () => ({
      payload: { user: { id: 'u1', name: 'Admin' }, roles, permissions: permissionsFor(roles) },
    }),
    'GET /api/db/agents_summary': (req) => {
      const id = req.url.searchParams.get('id')?.replace(/^eq\./, '');
      if (id) return agents.filter((a) => a.id === id);
      return json(agents, { headers: { 'content-range': '0-1/2' } });
    },
    'POST /api/agent/generate': (req) => {
      writes.push(req);
      return json({ id: 'a3', username: 'agent-1234', access_token: 'od_tok.secret-once' }, { status: 201 });
    },
    'PATCH /api/db/agents': (req) => {
      writes.push(req);
      return [{ id: 'a1' }];
    },
    'DELETE /api/agent/a1': (req) => {
      writes.push(req);
      return { message: 'agent deleted' };
    },
    ...extra,
  });
  return { ...server, writes };
}

describe('AgentsPage', () => {
  it('lists agents with status and counts, sorted and paged on the server through the URL', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<AgentsPage />, { url: '/agents' });
    const eu = await screen.findByRole('row', { name: /edge-eu/ });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Status',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Created',
    ]);
    expect(within(eu).getByText('Online')).toBeInTheDocument();
    expect(within(eu).getByText(/last seen/)).toBeInTheDocument();
    expect(within(eu).getByRole('cell', { name: '12' })).toBeInTheDocument();
    const us = screen.getByRole('row', { name: /edge-us/ });
    expect(within(us).getByText('Offline')).toBeInTheDocument();
    expect(within(us).getByText('never seen')).toBeInTheDocument();

    const first = server.requests.find((r) => r.url.pathname === '/api/db/agents_summary');
    expect(first?.url.searchParams.get('order')).toBe('name.asc.nullslast');
    expect(first?.url.searchParams.get('limit')).toBe('50');
    expect(first?.url.searchParams.get('offset')).toBe('0');
    expect(first?.url.searchParams.get('deleted_at')).toBe('is.null');
    expect(first?.init.headers).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Checks' }));
    await waitFor(() => expect(app.location().searchParams.get('sortBy')).toBe('checks_count'));
    // Counts sort largest first.
    expect(app.location().searchParams.get('sortOrder')).toBe('desc');
    await waitFor(() =>
      expect(server.requests.at(-1)?.url.searchParams.get('order')).toBe('checks_count.desc.nullslast'),
    );
    // Agents offer 50, 100 and 200 rows a page.
    const sizes = within(screen.getByRole('navigation', { name: 'Pagination' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sizes).toEqual(['50', '100', '200']);
  });

  it('reads page and sort from the URL', async () => {
    const server = serve(['admin']);
    renderWithApp(<AgentsPage />, {
      url: '/agents?pageIndex=1&pageSize=100&sortBy=created_at&sortOrder=desc',
    });
    await screen.findByRole('row', { name: /edge-eu/ });
    const first = server.requests.find((r) => r.url.pathname === '/api/db/agents_summary');
    expect(first?.url.searchParams.get('order')).toBe('created_at.desc.nullslast');
    expect(first?.url.searchParams.get('offset')).toBe('100');
    expect(first?.url.searchParams.get('limit')).toBe('100');
  });

  it('addAgent=true opens the create dialog; the name is required', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<AgentsPage />, { url: '/agents?addAgent=true' });
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it('creates an agent, toasts, and shows its token once with the Flux and Helm CLI tabs of the Opsdeck agent chart', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<AgentsPage />, { url: '/agents' });
    await screen.findByRole('row', { name: /edge-eu/ });
    await user.click(await screen.findByRole('button', { name: 'Add Agent' }));
    expect(app.location().searchParams.get('addAgent')).toBe('true');
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'edge-ap');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'AP edge');
    await user.click(within(dialog).getByRole('button', { name: 'Add property' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Property 1 key' }), 'region');
    await user.type(within(dialog).getByRole('textbox', { name: 'Property 1 value' }), 'ap');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Scrape the Kubernetes cluster' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Interval' }), '1h');
    await user.type(within(dialog).getByRole('textbox', { name: 'Exclusions' }), 'kube-system');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Push telemetry to this console' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Topology name' }), 'ap');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    expect(server.writes[0]?.body).toEqual({
      name: 'edge-ap',
      description: 'AP edge',
      properties: { region: 'ap' },
      kubernetes: { enabled: true, interval: '1h', exclusions: ['kube-system'] },
      pushTelemetry: { enabled: true, topologyName: 'ap' },
    });
    const install = await screen.findByRole('dialog', { name: 'Installation Instructions' });
    expect(within(install).getByTestId('agent-token')).toHaveTextContent('od_tok.secret-once');
    expect(within(install).getByText(/shown only once/)).toBeInTheDocument();
    await user.click(within(install).getByRole('button', { name: 'Copy access token' }));
    expect(await navigator.clipboard.readText()).toBe('od_tok.secret-once');
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await waitFor(() => expect(app.location().searchParams.get('addAgent')).toBeNull());

    const flux = within(install).getByLabelText('Flux manifest');
    expect(flux).toHaveTextContent('kind: HelmRelease');
    expect(flux).toHaveTextContent('chart: ./deploy/charts/opsdeck-agent');
    expect(flux).toHaveTextContent('UPSTREAM_TOKEN: od_tok.secret-once');
    expect(flux).toHaveTextContent(`url: ${window.location.origin}`);
    expect(flux).toHaveTextContent('agentName: edge-ap');
    expect(flux).not.toHaveTextContent(/mission-control|flanksource/);
    await user.click(within(install).getByRole('tab', { name: 'Helm CLI' }));
    const helm = within(install).getByLabelText('Helm commands');
    expect(helm).toHaveTextContent('helm install opsdeck-agent ./deploy/charts/opsdeck-agent');
    expect(helm).toHaveTextContent('--set-string upstream.token=od_tok.secret-once');
    expect(helm).toHaveTextContent('--set-string agentName=edge-ap');
    expect(helm).toHaveTextContent('--set kubernetes.enabled=true');
    expect(within(install).getByLabelText('Container command')).toHaveTextContent(
      /-e UPSTREAM_TOKEN=od_tok\.secret-once .* opsdeck:0\.0\.0-test agent/,
    );
    expect(within(install).getByLabelText('Agent command')).toHaveTextContent(
      'UPSTREAM_TOKEN=od_tok.secret-once',
    );

    await user.click(within(install).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(/od_tok\.secret-once/)).not.toBeInTheDocument());
    // Nothing kept it: the URL does not carry it and no request can fetch it again.
    expect(app.location().href).not.toContain('secret-once');
  });

  it('a failed create toasts the server message, says it next to the Name field and keeps the form', async () => {
    serve(['admin'], {
      'POST /api/agent/generate': () =>
        json({ error: 'An agent named edge-eu already exists', fields: ['name'] }, { status: 409 }),
    });
    const user = userEvent.setup();
    // The app's query client: it toasts a failed mutation's message.
    renderWithApp(
      <QueryClientProvider client={createQueryClient()}>
        <AgentsPage />
      </QueryClientProvider>,
      { url: '/agents?addAgent=true' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Agent' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'edge-eu');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Under the Name field (part of its label), and in the toast.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('An agent named edge-eu already exists'),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('edge-eu');
    expect(screen.getAllByText('An agent named edge-eu already exists')).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Add Agent' })).toBeInTheDocument();
  });

  it('a row click opens the editor with a read-only name; saving patches description and properties', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<AgentsPage />, { url: '/agents' });
    await user.click(await screen.findByRole('cell', { name: 'edge-eu' }));
    expect(app.location().searchParams.get('id')).toBe('a1');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('edge-eu');
    expect(name).toHaveAttribute('readonly');
    expect(within(dialog).queryByText('Kubernetes')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Property 1 value' })).toHaveValue('eu');
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Frankfurt');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
    const patch = server.writes.find((w) => w.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.a1');
    expect(patch?.body).toEqual({ description: 'Frankfurt', properties: { region: 'eu' } });
    await waitFor(() => expect(app.location().searchParams.get('id')).toBeNull());
  });

  it('deletes an agent with cleanup', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<AgentsPage />, { url: '/agents?id=a1' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Agent' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Agent' });
    await user.click(within(confirm).getByRole('checkbox'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
    const del = server.writes.find((w) => w.method === 'DELETE');
    expect(del?.url.pathname).toBe('/api/agent/a1');
    expect(del?.url.searchParams.get('cleanup')).toBe('true');
  });

  it('readers see the list without the add button or the editor', async () => {
    serve(['viewer']);
    const user = userEvent.setup();
    const app = renderWithApp(<AgentsPage />, { url: '/agents?addAgent=true' });
    await user.click(await screen.findByRole('cell', { name: 'edge-eu' }));
    expect(screen.queryByRole('button', { name: 'Add Agent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.location().searchParams.get('id')).toBeNull();
  });
});
