import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

function json(body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push(url);
      if (url.includes('/api/catalog/summary')) return json(summary);
      if (url.includes('/api/db/configs')) return json(configs, { 'content-range': '0-0/1' });
      return json([]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('CatalogPage', () => {
  it('shows the grouped summary without a type or search, favourites first', async () => {
    const user = userEvent.setup();
    renderWithApp(<CatalogPage />, { url: '/catalog' });
    expect(await screen.findByText('Kubernetes::Pod')).toBeInTheDocument();
    expect(calls.some((c) => c.includes('/api/db/configs'))).toBe(false);
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
    const listCall = calls.find((c) => c.includes('/api/db/configs'));
    expect(listCall).toContain('type=eq.Kubernetes');
    expect(listCall).toContain('deleted_at=is.null');
    expect(listCall).toContain('order=type.asc');
  });

  it('shows the list, not the summary, when a search is given', async () => {
    renderWithApp(<CatalogPage />, { url: '/catalog?search=checkout' });
    expect(await screen.findByText('checkout-7d9f')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Deleted At/i })).toBeInTheDocument();
    expect(calls.some((c) => c.includes('/api/catalog/summary'))).toBe(false);
    expect(calls.find((c) => c.includes('/api/db/configs'))).toContain('name.ilike');
  });
});
