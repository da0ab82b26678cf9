import { LOCAL_AGENT_ID } from '@opsdeck/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { SettingsDetailPage } from '../../../ui/settings-resource/SettingsDetailPage.js';
import { SettingsListPage } from '../../../ui/settings-resource/SettingsListPage.js';
import type { SettingsTable } from '../../../ui/settings-resource/types.js';
import { TABLE_EXTRAS } from './specChecks.js';
import { SETTINGS_TABLES } from './tables.js';

const topologies: SettingsTable = { ...SETTINGS_TABLES.topologies, ...TABLE_EXTRAS.topologies };
const backends: SettingsTable = { ...SETTINGS_TABLES.logging_backends, ...TABLE_EXTRAS.logging_backends };
const notifications: SettingsTable = { ...SETTINGS_TABLES.notifications, ...TABLE_EXTRAS.notifications };

function whoami(permissions: string[]) {
  return () => ({ payload: { user: { id: 'u1', name: 'Ann' }, roles: ['editor'], permissions } });
}

const TOPOLOGY = {
  id: 't1',
  name: 'payments',
  namespace: 'default',
  labels: { env: 'demo', team: 'payments', tier: 'gold' },
  schedule: '@every 5m',
  spec: { type: 'Service', schedule: '@every 5m' },
  source: 'UI',
  last_runtime: '2026-11-01T10:00:00Z',
  agent: { id: '5b0c5f0e-0000-4000-8000-000000000001', name: 'eu-west' },
  created_by: { id: 'p1', name: 'Priya Raman' },
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:30:00Z',
};

/** The list requests of a table, as the server saw their query strings. */
function listQueries(requests: FakeRequest[], table: string): URLSearchParams[] {
  return requests
    .filter((r) => r.method === 'GET' && r.url.pathname === `/api/db/${table}`)
    .map((r) => r.url.searchParams);
}

describe('the generic settings list', () => {
  it('asks the server for one sorted page, and sorts again on the server when a header is clicked', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/api/auth/whoami': whoami(['topologies:read']),
      '/api/db/topologies': () => [
        TOPOLOGY,
        { ...TOPOLOGY, id: 't2', name: 'storefront', agent: { id: LOCAL_AGENT_ID, name: 'local' } },
      ],
      '/api/db/job_histories': () => [
        {
          id: 'j2',
          resource_id: 't1',
          status: 'SUCCESS',
          created_at: '2026-11-01T10:00:00Z',
          duration_millis: 5,
          success_count: 1,
          error_count: 0,
        },
        {
          id: 'j1',
          resource_id: 't1',
          status: 'FAILED',
          created_at: '2026-11-01T09:00:00Z',
          duration_millis: 5,
          success_count: 0,
          error_count: 1,
        },
      ],
    });
    const app = renderWithApp(<SettingsListPage table={topologies} />, {
      url: '/settings/topologies?pageIndex=2&pageSize=10',
    });

    const row = (await screen.findByRole('cell', { name: /payments/ })).closest('tr') as HTMLElement;
    // The remote agent's badge, the last run's status with its link, and one tag plus '+N more'.
    expect(within(row).getByText('eu-west')).toBeInTheDocument();
    expect(within(row).getByText('SUCCESS')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '(View details)' })).toHaveAttribute(
      'href',
      '/settings/jobs?resourceId=t1&status=all',
    );
    expect(within(row).getByText('+2 more')).toBeInTheDocument();
    expect(within(row).getByText('Priya Raman')).toBeInTheDocument();
    const local = (await screen.findByRole('cell', { name: 'storefront' })).closest('tr') as HTMLElement;
    expect(within(local).queryByText('local')).not.toBeInTheDocument();

    const first = listQueries(server.requests, 'topologies')[0];
    expect(first?.get('order')).toBe('name.asc');
    expect(first?.get('deleted_at')).toBe('is.null');
    expect(first?.get('offset')).toBe('20');
    expect(first?.get('limit')).toBe('10');
    expect(first?.get('select')).toContain('agent:agent_id(id,name)');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(listQueries(server.requests, 'topologies').at(-1)?.get('order')).toBe('name.desc'),
    );
    // A new sort starts at the first page; both are in the address.
    expect(listQueries(server.requests, 'topologies').at(-1)?.get('offset')).toBe('0');
    expect(app.location().searchParams.get('sortOrder')).toBe('desc');

    await user.click(screen.getByRole('button', { name: 'Last Run' }));
    await waitFor(() =>
      expect(listQueries(server.requests, 'topologies').at(-1)?.get('order')).toBe('last_runtime.asc'),
    );

    // Tags and Created By are not sortable, and a reader gets no add button.
    expect(within(screen.getByRole('columnheader', { name: /^Tags/ })).queryByRole('button')).toBeNull();
    expect(
      within(screen.getByRole('columnheader', { name: /^Created By/ })).queryByRole('button'),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Topology' })).not.toBeInTheDocument();
  });

  it('offers the add button to writers; it opens the empty form', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/api/auth/whoami': whoami(['logging_backends:read', 'logging_backends:write']),
      '/api/db/logging_backends': () => [],
    });
    const app = renderWithApp(<SettingsListPage table={backends} />, { url: '/settings/logging_backends' });
    await user.click(await screen.findByRole('button', { name: 'Add Log Backend' }));
    expect(app.location().pathname).toBe('/settings/logging_backends/new');
    // Tables without jobs show no job columns.
    expect(screen.queryByRole('columnheader', { name: /^Job Status/ })).not.toBeInTheDocument();
  });
});

describe('the generic settings detail page', () => {
  it("says 'No resources found' under the breadcrumb when the row does not exist", async () => {
    fakeServer({ '/api/auth/whoami': whoami(['topologies:read']), '/api/db/topologies': () => [] });
    renderWithApp(<SettingsDetailPage table={topologies} />, {
      url: '/settings/topologies/gone',
      route: '/settings/topologies/:id',
    });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(crumbs).findByText('No resources found')).toBeInTheDocument();
    expect(within(crumbs).getByRole('link', { name: 'Topologies' })).toHaveAttribute(
      'href',
      '/settings/topologies',
    );
  });

  it('shows a reader the spec and job history, with nothing to change', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/api/auth/whoami': whoami(['topologies:read']),
      '/api/db/topologies': () => [TOPOLOGY],
      '/api/db/job_histories': () => [],
    });
    renderWithApp(<SettingsDetailPage table={topologies} />, {
      url: '/settings/topologies/t1',
      route: '/settings/topologies/:id',
    });
    expect(await screen.findByRole('tab', { name: 'Spec' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Namespace' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Schedule' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Job History' }));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it("checks the spec against the table's schema before saving, and says what is wrong", async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      '/api/auth/whoami': whoami(['logging_backends:read', 'logging_backends:write']),
      '/api/db/logging_backends': () => [{ ...TOPOLOGY, id: 'b1', name: 'nginx', spec: { backends: [] } }],
    });
    renderWithApp(<SettingsDetailPage table={backends} />, {
      url: '/settings/logging_backends/b1',
      route: '/settings/logging_backends/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText('backends: at least one backend is required')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('edits a notification rule as the spec its columns say, and sends the spec back', async () => {
    const user = userEvent.setup();
    const patched: unknown[] = [];
    fakeServer({
      '/api/auth/whoami': whoami(['notifications:read', 'notifications:write']),
      'GET /api/db/notifications': () => [
        {
          id: 'n1',
          name: 'platform-failures',
          namespace: 'default',
          events: ['check.failed'],
          title: 'Down',
          team_id: 'team-1',
          person_id: null,
          custom_services: null,
          repeat_interval: '4h',
          wait_for: 300_000_000_000,
          source: 'UI',
          created_at: '2026-11-01T09:00:00Z',
        },
      ],
      'PATCH /api/db/notifications': (req) => {
        patched.push(req.body);
        return [{ id: 'n1' }];
      },
    });
    renderWithApp(<SettingsDetailPage table={notifications} />, {
      url: '/settings/notifications/n1',
      route: '/settings/notifications/:id',
    });
    const editor = await screen.findByRole('textbox', { name: 'Spec' }, { timeout: 5000 });
    expect(editor).toHaveTextContent('check.failed');
    expect(editor).toHaveTextContent('waitFor: 5m');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    expect(patched).toEqual([
      {
        spec: {
          events: ['check.failed'],
          title: 'Down',
          to: { team: 'team-1' },
          repeatInterval: '4h',
          waitFor: '5m',
        },
      },
    ]);
  });

  it('validates on blur and change and keeps Save disabled while a field is invalid', async () => {
    const user = userEvent.setup();
    fakeServer({
      '/api/auth/whoami': whoami(['logging_backends:read', 'logging_backends:write']),
      'GET /api/db/logging_backends': () => [],
    });
    renderWithApp(<SettingsDetailPage table={backends} />, {
      url: '/settings/logging_backends/new',
      route: '/settings/logging_backends/:id',
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(name, 'loki');
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    expect(save).toBeEnabled();
  });

  it('deletes softly after asking, with a toast, and goes back to the list', async () => {
    const user = userEvent.setup();
    const patched: FakeRequest[] = [];
    fakeServer({
      '/api/auth/whoami': whoami(['topologies:read', 'topologies:write']),
      'GET /api/db/topologies': () => [TOPOLOGY],
      'PATCH /api/db/topologies': (req) => {
        patched.push(req);
        return [{ id: 't1' }];
      },
      '/api/db/job_histories': () => [],
    });
    const app = renderWithApp(<SettingsDetailPage table={topologies} />, {
      url: '/settings/topologies/t1',
      route: '/settings/topologies/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Topology' });
    expect(within(dialog).getByText("Delete 'payments' and the components it built?")).toBeInTheDocument();
    expect(patched).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.location().pathname).toBe('/settings/topologies'));
    expect(await screen.findByText('Topology deleted successfully')).toBeInTheDocument();
    expect(patched[0]?.href).toContain('id=eq.t1');
    expect(patched[0]?.body).toEqual({ deleted_at: expect.any(String) });
  });
});
