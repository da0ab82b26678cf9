import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CatalogPage } from './CatalogPage.js';

const summary = [
  {
    config_class: 'Pod',
    type: 'Kubernetes::Pod',
    count: 17,
    health: { healthy: 16, unhealthy: 1 },
    changes: 4,
    analysis: { security: 2 },
    cost_total_30d: null,
  },
  {
    config_class: 'Bucket',
    type: 'AWS::S3::Bucket',
    count: 2,
    health: { healthy: 2 },
    changes: 0,
    analysis: {},
    cost_total_30d: 446,
  },
];
const configs = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'checkout-7d9f',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'Running',
    health: 'healthy',
    tags: { cluster: 'prod' },
    labels: {},
    changes: 3,
    analysis: null,
    cost_total_30d: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    deleted_at: null,
  },
];

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  localStorage.clear();
  server = fakeServer(
    {
      '/api/catalog/summary': () => summary,
      '/api/db/configs': () => json(configs, { headers: { 'content-range': '0-0/1' } }),
    },
    () => [],
  );
});

describe('CatalogPage', () => {
  it('shows the grouped summary without a type or search, favourites first', async () => {
    const user = userEvent.setup();
    renderWithApp(<CatalogPage />, { url: '/catalog' });
    expect(await screen.findByText('Kubernetes::Pod')).toBeInTheDocument();
    expect(server.hrefs().some((c) => c.includes('/api/db/configs'))).toBe(false);
    const rowsBefore = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rowsBefore.findIndex((t) => t.includes('Kubernetes::Pod'))).toBeLessThan(
      rowsBefore.findIndex((t) => t.includes('AWS::S3::Bucket')),
    );
    await user.click(screen.getByRole('button', { name: 'Pin AWS::S3::Bucket' }));
    await waitFor(() => {
      const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
      expect(rows.findIndex((t) => t.includes('AWS::S3::Bucket'))).toBeLessThan(
        rows.findIndex((t) => t.includes('Kubernetes::Pod')),
      );
    });
    expect(JSON.parse(localStorage.getItem('catalog.favouriteTypes') ?? '[]')).toEqual(['AWS::S3::Bucket']);
  });

  it('opens the flat list for a type when a summary row is clicked, and clears groupBy', async () => {
    const user = userEvent.setup();
    const app = renderWithApp(<CatalogPage />, { url: '/catalog?groupBy=config_class,type' });
    await user.click(await screen.findByText('Kubernetes::Pod'));
    await waitFor(() => expect(app.location().searchParams.get('configType')).toBe('Kubernetes::Pod'));
    expect(app.location().searchParams.get('groupBy')).toBeNull();
    expect(await screen.findByText('checkout-7d9f')).toBeInTheDocument();
    const listCall = server.hrefs().find((c) => c.includes('/api/db/configs'));
    expect(listCall).toContain('type=eq.Kubernetes');
    expect(listCall).toContain('deleted_at=is.null');
    expect(listCall).toContain('order=type.asc');
  });

  it('shows the list, not the summary, when a search is given', async () => {
    renderWithApp(<CatalogPage />, { url: '/catalog?search=checkout' });
    expect(await screen.findByText('checkout-7d9f')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Deleted At/i })).toBeInTheDocument();
    expect(server.hrefs().some((c) => c.includes('/api/catalog/summary'))).toBe(false);
    expect(server.hrefs().find((c) => c.includes('/api/db/configs'))).toContain('name.ilike');
  });

  it("badges config items pushed by an agent with the agent's name", async () => {
    const agentId = 'a1a1a1a1-0000-4000-8000-000000000000';
    const remote = {
      ...configs[0],
      id: '22222222-2222-4222-8222-222222222222',
      name: 'edge-pod',
      agent_id: agentId,
    };
    const local = { ...configs[0], agent_id: '00000000-0000-0000-0000-000000000000' };
    const asked = fakeServer(
      {
        '/api/db/configs': () => json([local, remote], { headers: { 'content-range': '0-1/2' } }),
        '/api/db/agents': () => [{ id: agentId, name: 'edge-eu' }],
      },
      () => [],
    );
    renderWithApp(<CatalogPage />, { url: '/catalog?search=pod' });
    expect(await screen.findByText('edge-eu')).toBeInTheDocument();
    expect(screen.getAllByText('edge-eu')).toHaveLength(1);
    expect(screen.getByRole('row', { name: /edge-pod/ })).toHaveTextContent('edge-eu');
    const select = asked.requests
      .find((r) => r.url.pathname === '/api/db/configs')
      ?.url.searchParams.get('select');
    expect(select?.split(',')).toContain('agent_id');
  });

  it('groups the summary by the groupByProp tag, and the list below a row shows just that tag', async () => {
    const user = userEvent.setup();
    const byCluster = [{ ...summary[0], 'tags.cluster': 'prod' }];
    const tagged = [{ ...configs[0], tags: { cluster: 'prod', team: 'payments' } }];
    const asked = fakeServer(
      {
        '/api/catalog/summary': () => byCluster,
        '/api/db/configs': () => json(tagged, { headers: { 'content-range': '0-0/1' } }),
      },
      () => [],
    );
    const app = renderWithApp(<CatalogPage />, { url: '/catalog?groupByProp=cluster' });
    expect(await screen.findByRole('columnheader', { name: /cluster/i })).toBeInTheDocument();
    const body = asked.requests.find((r) => r.url.pathname === '/api/catalog/summary')?.body as {
      groupBy: string[];
    };
    expect(body.groupBy).toEqual(['config_class', 'type', 'tags.cluster']);

    await user.click(await screen.findByText('Kubernetes::Pod'));
    await waitFor(() => expect(app.location().searchParams.get('configType')).toBe('Kubernetes::Pod'));
    expect(app.location().searchParams.get('labels')).toBe('cluster=prod');
    expect(app.location().searchParams.get('groupByProp')).toBe('cluster');
    const row = await screen.findByRole('row', { name: /checkout-7d9f/ });
    expect(row).toHaveTextContent('cluster');
    expect(row).toHaveTextContent('prod');
    // The other tags are left out while a tag is the grouping.
    expect(row).not.toHaveTextContent('payments');
  });

  it("reads Mission Control's tag grouping, groupBy=tags with groupByProp", async () => {
    renderWithApp(<CatalogPage />, { url: '/catalog?groupBy=tags&groupByProp=cluster' });
    await waitFor(() =>
      expect(server.requests.find((r) => r.url.pathname === '/api/catalog/summary')?.body).toMatchObject({
        groupBy: ['tags.cluster'],
      }),
    );
  });
});
