import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { TeamPage } from './TeamPage.js';

const team = { id: 't1', name: 'Platform', icon: null, spec: {}, created_at: '2026-11-01T00:00:00Z' };
let patched: unknown[] = [];
beforeEach(() => {
  patched = [];
  fakeServer(
    {
      '/api/auth/whoami': () => ({
        payload: { user: { id: 'u1', name: 'Admin' }, roles: ['admin'], permissions: ['database:write'] },
      }),
      '/api/db/team_members': () => [],
      'PATCH /api/db/teams': (req) => {
        patched.push(req.body);
        return [{ ...team, id: 't1' }];
      },
      '/api/db/teams': () => [team],
    },
    () => ({}),
  );
});

describe('TeamPage', () => {
  it('edits a stored team with Update; the Name caption labels its input; Delete asks, then soft-deletes', async () => {
    const user = userEvent.setup();
    const app = renderWithApp(<TeamPage />, { url: '/settings/teams/t1', route: '/settings/teams/:id' });
    // A stored team opens on its members; the form is on the Spec tab.
    await user.click(await screen.findByRole('tab', { name: 'Spec' }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Platform'));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Team' });
    expect(within(dialog).getByText(/Delete 'Platform' and its member list\?/)).toBeInTheDocument();
    expect(patched).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(app.location().pathname).toBe('/settings/teams'));
    expect(patched).toHaveLength(1);
    expect(patched[0]).toMatchObject({ deleted_at: expect.any(String) });
  });
});
