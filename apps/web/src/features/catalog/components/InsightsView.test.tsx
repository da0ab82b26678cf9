import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, pagedRows } from '../../../test/fakeServer.js';
import { fakeLayout } from '../../../test/layout.js';
import { renderWithApp } from '../../../test/render.js';
import { InsightsView } from './InsightsView.js';

const insights = Array.from({ length: 130 }, (_, i) => ({
  id: `a${i}`,
  config_id: 'c1',
  analyzer: `analyzer-${String(i).padStart(3, '0')}`,
  analysis_type: 'security',
  severity: 'high',
  status: 'open',
  message: null,
  summary: null,
  source: 'trivy',
  first_observed: '2026-11-01T10:00:00Z',
  last_observed: '2026-11-01T11:00:00Z',
  config: { id: 'c1', name: 'web-pod', type: 'Kubernetes::Pod' },
}));

function insightPages(requests: { url: URL }[]): string[] {
  return requests
    .filter((r) => r.url.pathname === '/api/db/config_analysis_items')
    .map((r) => `${r.url.searchParams.get('offset')}+${r.url.searchParams.get('limit')}`);
}

describe('insight lists', () => {
  // A virtual table draws rows only in a laid-out box.
  beforeEach(() => fakeLayout({ row: 45, box: 600, content: 50 * 45 }));
  afterEach(() => vi.restoreAllMocks());

  it('load 50 insights a page and the next one 300 px before the end, with no pagination bar', async () => {
    const server = fakeServer({ '/api/db/config_analysis_items': pagedRows(insights) }, () => []);
    renderWithApp(<InsightsView configId="c1" />, { url: '/catalog/c1/insights' });
    expect(await screen.findByText('analyzer-000')).toBeInTheDocument();
    expect(insightPages(server.requests)).toEqual(['0+50']);
    const first = server.requests.find((r) => r.url.pathname === '/api/db/config_analysis_items');
    expect(first?.url.searchParams.get('order')).toBe('first_observed.desc,id.asc,config_id.asc');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    // The per-config list has no Catalog column.
    expect(screen.queryByRole('columnheader', { name: /Catalog/ })).toBeNull();

    const box = screen.getByRole('region', { name: 'Table' });
    box.scrollTop = 100;
    fireEvent.scroll(box);
    expect(insightPages(server.requests)).toEqual(['0+50']);
    box.scrollTop = 50 * 45 - 600 - 300;
    fireEvent.scroll(box);
    await waitFor(() => expect(insightPages(server.requests)).toEqual(['0+50', '50+50']));
  });

  it('start again from the first page when a filter changes', async () => {
    const user = userEvent.setup();
    const server = fakeServer({ '/api/db/config_analysis_items': pagedRows(insights) }, () => []);
    const app = renderWithApp(<InsightsView />, { url: '/catalog/insights' });
    expect(await screen.findByText('analyzer-000')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Severity' }), 'critical');
    await waitFor(() => expect(app.location().searchParams.get('severity')).toBe('critical'));
    const filtered = server.requests.filter(
      (r) =>
        r.url.pathname === '/api/db/config_analysis_items' &&
        r.url.searchParams.get('severity') === 'eq.critical',
    );
    await waitFor(() => expect(filtered.map((r) => r.url.searchParams.get('offset'))).toEqual(['0']));
  });

  it("keeps the empty state: 'No insights found'", async () => {
    fakeServer({ '/api/db/config_analysis_items': pagedRows([]) }, () => []);
    renderWithApp(<InsightsView configId="c1" />, { url: '/catalog/c1/insights' });
    expect(await screen.findByText('No insights found')).toBeInTheDocument();
  });
});
