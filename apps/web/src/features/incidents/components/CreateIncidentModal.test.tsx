import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { IncidentListPage } from '../pages/IncidentListPage.js';
import { counted, INC_ID, serve } from '../test/serve.js';

const creates = (server: ReturnType<typeof serve>) =>
  server.requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/db/incidents');

async function openModal() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create New Incident' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Create New Incident' }) };
}

describe('CreateIncidentModal', () => {
  it('needs a title, starts with the defaults, creates and opens the new incident', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incident_summary': () => counted([]),
      'POST /api/db/incidents': () => json([{ id: INC_ID }], { status: 201 }),
    });
    const app = renderWithApp(<IncidentListPage />, { url: '/incidents' });
    const { user, dialog } = await openModal();
    expect(within(dialog).getByRole('combobox', { name: 'Severity' })).toHaveValue('low');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('availability');

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(creates(server)).toHaveLength(0);

    // The field's name now carries its message too.
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '  DB down ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'critical');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.location().pathname).toBe(`/incidents/${INC_ID}`));
    expect(creates(server)[0]?.body).toEqual({
      title: 'DB down',
      description: '',
      severity: 'critical',
      status: 'open',
      type: 'availability',
    });
  });

  it("shows the server's error and stays open", async () => {
    serve(['admin'], {
      'GET /api/db/incident_summary': () => counted([]),
      'POST /api/db/incidents': () => json({ code: '23514', message: 'title too long' }, { status: 400 }),
    });
    renderWithApp(<IncidentListPage />, { url: '/incidents' });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'DB down');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('title too long');
  });
});
