import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceActionsProvider, type ResourceAction } from '../../../platform/resourceActions.js';
import { fakeServer, pagedRows } from '../../../test/fakeServer.js';
import { fakeLayout } from '../../../test/layout.js';
import { renderWithApp } from '../../../test/render.js';
import { ChecksTab } from './ChecksTab.js';

const CHECK = {
  config_id: 'c1',
  id: 'k1',
  canary_id: 'can1',
  name: 'payments-api-health',
  type: 'http',
  icon: null,
  namespace: 'payments',
  status: 'unhealthy',
  severity: 'high',
  description: null,
  labels: {},
  last_runtime: '2026-11-01T10:00:00Z',
  last_transition_time: '2026-11-01T09:00:00Z',
  uptime: { passed: 90, failed: 10 },
  latency: { p99: 990 },
};

const WHOAMI = () => ({ payload: { user: { id: 'u1' }, roles: ['admin'], permissions: [] } });

/** Stands in for the health area's check detail modal (features do not import each other). */
const checkDetailsAction: ResourceAction = {
  id: 'check-details',
  label: 'Check details',
  appliesTo: ['check'],
  listed: false,
  render: ({ resource }) => (
    <div role="dialog" aria-label="Check">
      details of {resource.name} ({resource.id})
    </div>
  ),
};

describe('catalog Checks tab', () => {
  // A virtual table draws rows only in a laid-out box.
  beforeEach(() => fakeLayout());
  afterEach(() => vi.restoreAllMocks());

  it('lists the checks linked to the config and opens the check detail modal on a row', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      {
        '/api/auth/whoami': WHOAMI,
        'GET /api/db/check_summary_for_config': () => [CHECK],
      },
      () => [],
    );
    renderWithApp(
      <ResourceActionsProvider actions={[checkDetailsAction]}>
        <ChecksTab configId="c1" />
      </ResourceActionsProvider>,
      { url: '/catalog/c1/checks' },
    );
    const row = (await screen.findByText('payments-api-health')).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('unhealthy')).toBeInTheDocument();
    expect(cells.getByText('90%')).toBeInTheDocument();
    expect(cells.getByText('990ms')).toBeInTheDocument();
    const q = server.requests.find((r) => r.url.pathname === '/api/db/check_summary_for_config');
    expect(q?.url.searchParams.get('config_id')).toBe('eq.c1');
    // The check detail modal is not offered as a button of its own.
    expect(screen.queryByRole('button', { name: 'Check details' })).toBeNull();

    await user.click(row as HTMLElement);
    expect(await screen.findByRole('dialog')).toHaveTextContent('details of payments-api-health (k1)');
  });

  it('says so when no check is linked', async () => {
    fakeServer({ '/api/auth/whoami': WHOAMI, 'GET /api/db/check_summary_for_config': () => [] }, () => []);
    renderWithApp(<ChecksTab configId="c1" />, { url: '/catalog/c1/checks' });
    expect(await screen.findByText('No checks are linked to this config')).toBeInTheDocument();
  });

  it('is an infinite list: 50 checks a page, the next one loaded when scrolled near the end', async () => {
    const checks = Array.from({ length: 120 }, (_, i) => ({
      ...CHECK,
      id: `k${i}`,
      name: `check-${String(i).padStart(3, '0')}`,
    }));
    const server = fakeServer(
      { '/api/auth/whoami': WHOAMI, 'GET /api/db/check_summary_for_config': pagedRows(checks) },
      () => [],
    );
    // 50 rows of 45 px in a 600 px box.
    fakeLayout({ row: 45, box: 600, content: 50 * 45 });
    renderWithApp(<ChecksTab configId="c1" />, { url: '/catalog/c1/checks' });
    expect(await screen.findByText('check-000')).toBeInTheDocument();
    const pages = () =>
      server.requests
        .filter((r) => r.url.pathname === '/api/db/check_summary_for_config')
        .map((r) => `${r.url.searchParams.get('offset')}+${r.url.searchParams.get('limit')}`);
    expect(pages()).toEqual(['0+50']);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();

    const box = screen.getByRole('region', { name: 'Table' });
    box.scrollTop = 50 * 45 - 600 - 299;
    fireEvent.scroll(box);
    await waitFor(() => expect(pages()).toEqual(['0+50', '50+50']));
  });

  it('sorts on the server: a header click asks again from the first page, by that column', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      { '/api/auth/whoami': WHOAMI, 'GET /api/db/check_summary_for_config': () => [CHECK] },
      () => [],
    );
    renderWithApp(<ChecksTab configId="c1" />, { url: '/catalog/c1/checks' });
    await screen.findByText('payments-api-health');
    const orders = () =>
      server.requests
        .filter((r) => r.url.pathname === '/api/db/check_summary_for_config')
        .map((r) => `${r.url.searchParams.get('order')} @${r.url.searchParams.get('offset')}`);
    expect(orders()).toEqual(['name.asc.nullslast,id.asc @0']);

    await user.click(screen.getByRole('button', { name: 'Health' }));
    await waitFor(() => expect(orders().at(-1)).toBe('status.asc.nullslast,id.asc @0'));
    // Uptime and latency are figures of the last day the view builds: not sortable.
    expect(screen.queryByRole('button', { name: 'Uptime' })).toBeNull();
  });
});
