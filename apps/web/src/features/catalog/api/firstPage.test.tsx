import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CatalogPage } from '../pages/CatalogPage.js';
import { prefetchCatalogPage } from './firstPage.js';

const configs = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'checkout-7d9f',
    type: 'Kubernetes::Pod',
    config_class: 'Pod',
    status: 'Running',
    health: 'healthy',
    tags: {},
    labels: {},
    changes: 0,
    analysis: null,
    cost_total_30d: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    deleted_at: null,
  },
];
const summary = [
  { config_class: 'Pod', type: 'Kubernetes::Pod', count: 17, health: {}, changes: 0, analysis: {} },
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

const dataRequests = () =>
  server.requests.filter(
    (r) => r.url.pathname === '/api/db/configs' || r.url.pathname === '/api/catalog/summary',
  );

/** Opens /catalog at `query` as a reload does: the route's early request, then the page. */
async function openCatalog(query: string): Promise<void> {
  prefetchCatalogPage(query);
  await waitFor(() => expect(dataRequests()).toHaveLength(1));
  renderWithApp(<CatalogPage />, { url: `/catalog${query}` });
}

describe("the catalog page's early request", () => {
  it('is the list request the page makes (filters, page, sort, stored preference): sent once', async () => {
    localStorage.setItem('catalog.hideDeleted.catalog', 'false');
    await openCatalog(
      '?configType=Kubernetes::Pod&search=check&labels=app%3Dweb&pageSize=25&pageIndex=2&sortBy=name&sortOrder=desc',
    );
    expect(await screen.findByText('checkout-7d9f')).toBeInTheDocument();
    expect(dataRequests()).toHaveLength(1);
    const url = dataRequests()[0]?.url;
    expect(url?.searchParams.get('type')).toBe('eq.Kubernetes::Pod');
    expect(url?.searchParams.get('deleted_at')).toBeNull();
    expect(url?.searchParams.get('order')).toBe('name.desc.nullslast');
  });

  it('is the summary on /catalog without a type or search: sent once', async () => {
    await openCatalog('?groupBy=type');
    expect(await screen.findByText('Kubernetes::Pod')).toBeInTheDocument();
    expect(dataRequests()).toHaveLength(1);
    expect(dataRequests()[0]?.body).toMatchObject({ groupBy: ['type'], deleted: false });
  });

  it('is not used when the page asks for something else: the page asks itself', async () => {
    prefetchCatalogPage('?configType=AWS::S3::Bucket');
    renderWithApp(<CatalogPage />, { url: '/catalog?configType=Kubernetes::Pod' });
    expect(await screen.findByText('checkout-7d9f')).toBeInTheDocument();
    expect(dataRequests().map((r) => r.url.searchParams.get('type'))).toEqual([
      'eq.AWS::S3::Bucket',
      'eq.Kubernetes::Pod',
    ]);
  });
});
