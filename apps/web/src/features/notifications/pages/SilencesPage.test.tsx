import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CHECK_ID, counted, eqParam, serve } from '../test/serve.js';
import { SilencesPage } from './SilencesPage.js';

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
function silence(id: string, over: Record<string, unknown>) {
  return {
    id,
    namespace: 'default',
    description: null,
    from: iso(-DAY),
    until: iso(DAY),
    recursive: false,
    source: 'UI',
    config_id: null,
    component_id: null,
    check_id: CHECK_ID,
    canary_id: null,
    filter: null,
    error: null,
    created_by: 'p1',
    created_at: iso(-DAY),
    updated_at: iso(-DAY),
    ...over,
  };
}
const active = silence('s1', { description: 'maintenance window' });
const expired = silence('s2', { description: 'old deploy', from: iso(-3 * DAY), until: iso(-2 * DAY) });

function routes(writes: FakeRequest[]) {
  return {
    'GET /api/db/notification_silences': (req: FakeRequest) => {
      const id = eqParam(req, 'id');
      return id ? [active, expired].filter((s) => s.id === id) : counted([active, expired]);
    },
    'GET /api/db/checks': () => [{ id: CHECK_ID, name: 'api-health', type: 'http' }],
    'GET /api/db/people': () => [{ id: 'p1', name: 'Priya Raman', email: 'priya@example.com' }],
    'PATCH /api/db/notification_silences': (req: FakeRequest) => {
      writes.push(req);
      return [{ id: eqParam(req, 'id') }];
    },
  };
}

describe('SilencesPage', () => {
  it('lists silences with the spec columns; expired ones are struck through', async () => {
    serve(['admin'], routes([]));
    renderWithApp(<SilencesPage />, { url: '/notifications/silences' });
    const live = await screen.findByRole('row', { name: /maintenance window/ });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Resource',
      'Duration',
      'Source',
      'Reason',
      'Created By',
      'Delete',
    ]);
    await waitFor(() => expect(live).toHaveTextContent('Check: api-health (http)'));
    expect(live).toHaveTextContent('Priya Raman (priya@example.com)');
    expect(live).toHaveTextContent('48h');
    expect(within(live).getByText('maintenance window')).not.toHaveClass('line-through');
    const old = screen.getByRole('row', { name: /old deploy/ });
    expect(within(old).getByText('old deploy')).toHaveClass('line-through');
    expect(within(old).getByText('old deploy')).toHaveAttribute('title', 'Expired');
  });

  it('deletes a silence only after confirmation', async () => {
    const writes: FakeRequest[] = [];
    serve(['admin'], routes(writes));
    const user = userEvent.setup();
    renderWithApp(<SilencesPage />, { url: '/notifications/silences' });
    const row = () => screen.getByRole('row', { name: /maintenance window/ });
    // The button appears once the permissions are known.
    await user.click(
      await within(await screen.findByRole('row', { name: /maintenance window/ })).findByRole('button', {
        name: 'Delete silence',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Silence' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes).toHaveLength(0);

    await user.click(within(row()).getByRole('button', { name: 'Delete silence' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Silence' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Silence deleted successfully')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(eqParam(writes[0] as FakeRequest, 'id')).toBe('s1');
    expect(writes[0]?.body).toHaveProperty('deleted_at');
  });

  it("a row opens 'Edit Notification Silence' with its id in the URL; Update sends the id and updated_at", async () => {
    const writes: FakeRequest[] = [];
    serve(['admin'], routes(writes));
    const user = userEvent.setup();
    const app = renderWithApp(<SilencesPage />, { url: '/notifications/silences' });
    await user.click(await screen.findByRole('cell', { name: 'maintenance window' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification Silence' });
    expect(app.location().searchParams.get('id')).toBe('s1');
    const reason = await within(dialog).findByLabelText('Reason');
    expect(reason).toHaveValue('maintenance window');
    await user.clear(reason);
    await user.type(reason, 'extended maintenance');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Silence Duration/ }), '1d');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Silence updated successfully')).toBeInTheDocument();
    const body = writes[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ id: 's1', description: 'extended maintenance', recursive: false });
    expect(new Date(body.until ?? '').getTime() - new Date(body.from ?? '').getTime()).toBe(DAY);
    expect(body.updated_at).toBeTruthy();
  });

  it('readers see the list without Add or Delete', async () => {
    serve(['viewer'], routes([]));
    renderWithApp(<SilencesPage />, { url: '/notifications/silences' });
    await screen.findByRole('row', { name: /maintenance window/ });
    expect(screen.queryByRole('button', { name: 'Add Silence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete silence' })).toBeNull();
  });

  it('shows the error with Retry when silences cannot be read', async () => {
    serve(['admin'], {
      'GET /api/db/notification_silences': () => json({ message: 'boom' }, { status: 500 }),
    });
    renderWithApp(<SilencesPage />, { url: '/notifications/silences' });
    expect(await screen.findByRole('alert')).toHaveTextContent('boom');
  });
});
