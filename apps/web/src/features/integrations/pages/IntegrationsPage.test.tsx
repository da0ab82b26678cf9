import { BUNDLED_CHARTS, LOCAL_AGENT_ID } from '@opsdeck/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { IntegrationDetailPage } from './IntegrationDetailPage.js';
import { IntegrationsPage } from './IntegrationsPage.js';

function whoami(permissions: string[]) {
  return () => ({ payload: { user: { id: 'u1', name: 'Ann' }, roles: ['editor'], permissions } });
}

const ROW = {
  id: 's1',
  name: 'cluster-scraper',
  namespace: null,
  source: 'UI',
  type: 'kubernetes',
  integration_type: 'scrapers',
  agent_id: '5b0c5f0e-0000-4000-8000-000000000001',
  agent: { id: '5b0c5f0e-0000-4000-8000-000000000001', name: 'eu-west' },
  job_status: 'FAILED',
  job_details: {},
  job_name: 'Scrape',
  job_time_start: '2026-11-01T10:00:00Z',
  job_last_failed: '2026-11-01T10:00:00Z',
  created_by: { id: 'p1', name: 'Priya Raman' },
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:30:00Z',
};
const TOPOLOGY = {
  ...ROW,
  id: 't1',
  name: 'payments',
  type: 'topology',
  integration_type: 'topologies',
  agent_id: LOCAL_AGENT_ID,
  agent: { id: LOCAL_AGENT_ID, name: 'local' },
  job_status: null,
  job_last_failed: null,
};

function listQueries(requests: FakeRequest[]): URLSearchParams[] {
  return requests
    .filter((r) => r.url.pathname === '/api/db/integrations_with_status')
    .map((r) => r.url.searchParams);
}

function serve(
  permissions: string[],
  properties: { name: string; value: string }[] = [],
  routes: Record<string, () => unknown> = {},
) {
  return fakeServer({
    '/api/auth/whoami': whoami(permissions),
    '/api/properties': () => properties,
    '/api/db/integrations_with_status': () =>
      json([ROW, TOPOLOGY], { headers: { 'content-range': '0-1/2' } }),
    ...routes,
  });
}

describe('the integrations list', () => {
  it('asks the view for one sorted, counted page, and searches on the server with the text in the URL', async () => {
    const user = userEvent.setup();
    const server = serve(['integrations:read']);
    const app = renderWithApp(<IntegrationsPage />, { url: '/settings/integrations?pageSize=25' });
    expect(await screen.findByText('cluster-scraper')).toBeInTheDocument();
    expect(screen.getByText('eu-west')).toBeInTheDocument();
    expect(screen.queryByText('local')).not.toBeInTheDocument();
    expect(screen.getByText('FAILED')).toBeInTheDocument();
    expect(screen.getAllByText('Priya Raman')).toHaveLength(2);
    // Readers without write see no add button.
    expect(screen.queryByRole('button', { name: 'Add Integration' })).not.toBeInTheDocument();

    const first = listQueries(server.requests)[0];
    expect(first?.get('select')).toBe('*');
    expect(first?.get('order')).toBe('name.asc.nullslast');
    expect(first?.get('offset')).toBe('0');
    expect(first?.get('limit')).toBe('25');
    expect(first?.has('or')).toBe(false);
    const countRequest = server.requests.find((r) => r.url.pathname === '/api/db/integrations_with_status');
    expect(new Headers(countRequest?.init.headers).get('prefer')).toContain('count=exact');

    await user.type(screen.getByRole('searchbox', { name: 'Search integrations' }), 'kube');
    await waitFor(() => expect(app.location().searchParams.get('search')).toBe('kube'));
    await waitFor(() =>
      expect(listQueries(server.requests).at(-1)?.get('or')).toBe(
        '(name.ilike.*kube*,type.ilike.*kube*,namespace.ilike.*kube*,source.ilike.*kube*)',
      ),
    );

    await user.click(screen.getByRole('button', { name: /Last Run/ }));
    await waitFor(() => expect(app.location().searchParams.get('sortBy')).toBe('job_time_start'));
    await waitFor(() =>
      expect(listQueries(server.requests).at(-1)?.get('order')).toMatch(/^job_time_start\./),
    );

    await user.click(screen.getByText('payments'));
    await waitFor(() => expect(app.location().pathname).toBe('/settings/integrations/topologies/t1'));
  });

  it('offers the GitOps and direct choices in the full-size modal', async () => {
    const user = userEvent.setup();
    serve(['integrations:read', 'integrations:write']);
    const app = renderWithApp(<IntegrationsPage />, { url: '/settings/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    const gitops = within(within(dialog).getByRole('region', { name: 'Add via GitOps' }));
    expect(gitops.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'AWS',
      'Azure',
      'Prometheus',
      'Flux',
      'Kubernetes',
      'Mission Control',
    ]);
    const direct = within(within(dialog).getByRole('region', { name: 'Add Directly' }));
    await waitFor(() =>
      expect(direct.getAllByRole('button').map((b) => b.textContent)).toEqual([
        'Custom Topology',
        'Catalog Scraper',
        'Log Backends',
      ]),
    );
    await user.click(direct.getByRole('button', { name: 'Catalog Scraper' }));
    await waitFor(() => expect(app.location().pathname).toBe('/settings/config_scrapers/new'));
  });

  it('hides Log Backends when the logs feature is disabled', async () => {
    const user = userEvent.setup();
    serve(['integrations:read', 'integrations:write'], [{ name: 'logs.disable', value: 'true' }]);
    renderWithApp(<IntegrationsPage />, { url: '/settings/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration' });
    const direct = within(within(dialog).getByRole('region', { name: 'Add Directly' }));
    await waitFor(() =>
      expect(direct.getAllByRole('button').map((b) => b.textContent)).toEqual([
        'Custom Topology',
        'Catalog Scraper',
      ]),
    );
  });

  it('previews a Kubernetes install with the defaults and a filled value, as Flux YAML and as a Helm command', async () => {
    const user = userEvent.setup();
    // The server does not answer the chart (an older one): the app's bundled copy is used.
    serve(['integrations:read', 'integrations:write']);
    renderWithApp(<IntegrationsPage />, { url: '/settings/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await user.click(await screen.findByRole('button', { name: 'Kubernetes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration - Kubernetes' });
    const d = within(dialog);
    expect(await d.findByRole('textbox', { name: 'Namespace' })).toHaveValue('mission-control');
    expect(d.getByText(/^Bundled chart definition \(the server could not be asked/)).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'Interval' })).toHaveValue('30m');
    await user.type(d.getByRole('textbox', { name: 'Cluster name' }), 'prod-eu');

    expect(d.getByRole('note')).toHaveTextContent('The Kubernetes chart must be installed in flux.');
    const flux = d.getByLabelText('Flux YAML').textContent ?? '';
    expect(flux).toContain('chart: mission-control-kubernetes');
    expect(flux).toContain('namespace: mission-control');
    expect(flux).toContain('interval: 30m');
    expect(flux).toContain('clusterName: prod-eu');

    await user.click(d.getByRole('tab', { name: 'Helm CLI' }));
    const helm = d.getByLabelText('Helm command').textContent ?? '';
    expect(helm).toContain('helm install flanksource/mission-control-kubernetes -n "mission-control"');
    expect(helm).toContain('--set clusterName="prod-eu"');
  });
});

describe('chart definitions from the chart registry', () => {
  async function openAws(routes: Record<string, () => unknown>) {
    const user = userEvent.setup();
    const server = serve(['integrations:read', 'integrations:write'], [], routes);
    renderWithApp(<IntegrationsPage />, { url: '/settings/integrations' });
    await user.click(await screen.findByRole('button', { name: 'Add Integration' }));
    await user.click(await screen.findByRole('button', { name: 'AWS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Integration - AWS' });
    return { d: within(dialog), server };
  }

  it('builds the form from the chart the server read from the registry', async () => {
    const { d, server } = await openAws({
      '/api/integrations/charts/aws': () => ({
        chart: 'aws',
        source: 'registry',
        name: 'mission-control-aws',
        version: '2.0.0',
        description: 'AWS from the registry',
        schema: { type: 'object', properties: { region: { type: 'string', default: 'eu-west-1' } } },
        schemaUrl: 'https://registry.example/charts/aws/values.schema.json',
      }),
    });
    expect(await d.findByText('Chart definition from the chart registry.')).toBeInTheDocument();
    expect(d.getByText(/AWS from the registry/)).toHaveTextContent('mission-control-aws 2.0.0');
    expect(d.getByRole('textbox', { name: 'Region' })).toHaveValue('eu-west-1');
    expect(d.getByLabelText('Flux YAML').textContent).toContain('region: eu-west-1');
    expect(server.hrefs()).toContain('/api/integrations/charts/aws');
  });

  it('says so when the server answers its bundled copy', async () => {
    const { d } = await openAws({
      '/api/integrations/charts/aws': () => ({
        chart: 'aws',
        source: 'bundled',
        ...BUNDLED_CHARTS.aws,
        reason: 'the chart registry could not be read: HTTP 503',
      }),
    });
    expect(
      await d.findByText('Bundled chart definition (the chart registry could not be read: HTTP 503).'),
    ).toBeInTheDocument();
    expect(d.getByText(/bundle for Flanksource Mission Control/)).toHaveTextContent(
      'mission-control-aws 1.0.7',
    );
  });

  it('falls back to the bundled copy when the server answers something that is not a chart', async () => {
    const { d } = await openAws({
      '/api/integrations/charts/aws': () => ({ chart: 'aws', source: 'registry', schema: 'nope' }),
    });
    expect(
      await d.findByText(/^Bundled chart definition \(the server could not be asked/),
    ).toBeInTheDocument();
    expect(d.getByText(/bundle for Flanksource Mission Control/)).toHaveTextContent(
      'mission-control-aws 1.0.7',
    );
    expect(d.getByRole('textbox', { name: 'Name override' })).toBeInTheDocument();
  });
});

describe('the integration detail page', () => {
  it("says 'Unknown type' for a type that is not an integration", async () => {
    fakeServer({ '/api/auth/whoami': whoami(['integrations:write']) });
    renderWithApp(<IntegrationDetailPage />, {
      url: '/settings/integrations/canaries/c1',
      route: '/settings/integrations/:type/:id',
    });
    expect(await screen.findAllByText('Unknown type')).not.toHaveLength(0);
  });

  it('reads the row from its table and links to the agent and related pages', async () => {
    const server = fakeServer({
      '/api/auth/whoami': whoami(['integrations:write', 'topologies:write']),
      '/api/db/topologies': () => [
        {
          id: 't1',
          name: 'payments',
          namespace: 'default',
          labels: {},
          spec: { type: 'Service' },
          source: 'UI',
          agent: { id: '5b0c5f0e-0000-4000-8000-000000000001', name: 'eu-west' },
          created_by: null,
        },
      ],
      '/api/db/job_histories': () => [],
    });
    renderWithApp(<IntegrationDetailPage />, {
      url: '/settings/integrations/topologies/t1',
      route: '/settings/integrations/:type/:id',
    });
    expect(await screen.findByRole('tab', { name: 'Spec' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    const related = within(screen.getByRole('navigation', { name: 'Related' }));
    expect(related.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/settings/agents?id=5b0c5f0e-0000-4000-8000-000000000001',
      '/settings/canaries',
      '/catalog/scrapers',
      '/settings/topologies',
      '/catalog',
      '/playbooks',
    ]);
    const q = server.requests.find((r) => r.url.pathname === '/api/db/topologies')?.url.searchParams;
    expect(q?.get('id')).toBe('eq.t1');
  });

  it('goes back to the list after a successful update', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/api/auth/whoami': whoami(['integrations:write', 'logging_backends:write']),
      'GET /api/db/logging_backends': () => [
        {
          id: 'l1',
          name: 'app-logs',
          namespace: 'default',
          labels: {},
          spec: { backends: [] },
          source: 'UI',
        },
      ],
      'PATCH /api/db/logging_backends': () => [{ id: 'l1' }],
      '/api/db/job_histories': () => [],
    });
    const app = renderWithApp(<IntegrationDetailPage />, {
      url: '/settings/integrations/logging_backends/l1',
      route: '/settings/integrations/:type/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(app.location().pathname).toBe('/settings/integrations'));
    expect(server.requests.some((r) => r.method === 'PATCH')).toBe(true);
  });
});
