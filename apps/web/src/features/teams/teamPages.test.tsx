import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, type FakeRequest } from '../../test/fakeServer.js';
import { renderWithApp } from '../../test/render.js';
import { SettingsDetailPage } from '../../ui/settings-resource/SettingsDetailPage.js';
import { SettingsListPage } from '../../ui/settings-resource/SettingsListPage.js';
import { TEAM_EXTRAS } from './components/teamTabs.js';
import { TEAMS_TABLE } from './settingsTable.js';

const teams = { ...TEAMS_TABLE, ...TEAM_EXTRAS };

let server: { requests: FakeRequest[] };

beforeEach(() => {
  server = fakeServer({
    '/api/auth/whoami': () => ({
      payload: {
        user: { id: 'u1', name: 'Admin' },
        roles: ['admin'],
        permissions: ['database:read', 'database:write'],
      },
    }),
    '/api/db/teams': () => [
      {
        id: 't1',
        name: 'Platform',
        icon: 'kubernetes',
        spec: {},
        created_at: '2026-11-01T00:00:00Z',
        team_members: [{ person_id: 'p1' }, { person_id: 'p2' }],
      },
    ],
    '/api/db/team_members': () => [],
    '/api/db/people': () => [],
  });
});

describe('a team on the generic settings pages', () => {
  it('opens on its members (manageTeam), and its Spec tab edits name, icon and spec only', async () => {
    const user = userEvent.setup();
    const app = renderWithApp(<SettingsDetailPage table={teams} />, {
      url: '/settings/teams/t1',
      route: '/settings/teams/:id',
    });
    expect(await screen.findByRole('tab', { name: 'Manage Team' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Add team members')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Job History' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Spec' }));
    expect(app.location().searchParams.get('tab')).toBe('spec');
    // The icon is picked from a grid, not typed.
    const icon = screen.getByRole('group', { name: 'Icon' });
    expect(within(icon).getByRole('button', { name: 'kubernetes' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('textbox', { name: 'Icon' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Namespace' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Schedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('saves the icon picked from the grid', async () => {
    const user = userEvent.setup();
    renderWithApp(<SettingsDetailPage table={teams} />, {
      url: '/settings/teams/t1?tab=spec',
      route: '/settings/teams/:id',
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search icons' }), 'pager');
    await user.click(screen.getByRole('button', { name: 'alert' }));
    expect(screen.getByTestId('chosen-icon')).toHaveTextContent('alert');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ icon: 'alert' });
  });
});

describe('the teams list', () => {
  it("draws each team's icon before its name, not the icon's name, and counts its members", async () => {
    renderWithApp(<SettingsListPage table={TEAMS_TABLE} />, { url: '/settings/teams' });
    const row = (await screen.findByText('Platform')).closest('tr');
    if (!row) throw new Error('no row');
    expect(screen.getByRole('columnheader', { name: /^Members/ })).toBeInTheDocument();
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]?.querySelector('[data-icon="kubernetes"] svg')).not.toBeNull();
    expect(cells[0]).not.toHaveTextContent('kubernetes');
    expect(cells[1]).toHaveTextContent('2');
    const list = server.requests.find((r) => r.url.pathname === '/api/db/teams');
    expect(list?.url.searchParams.get('select')).toContain('team_members(person_id)');
  });
});
