import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ResponderFlow } from './ResponderFlow.js';
import { incident, serve, writes } from './test/fixtures.js';

const teams = [
  {
    id: 't1',
    name: 'Platform',
    icon: null,
    spec: {
      responder_clients: {
        email: { defaults: { subject: 'Incident' } },
        jira: { defaults: { priority: 'High' } },
        unknown_kind: {},
      },
    },
  },
  { id: 't2', name: 'Payments', icon: null, spec: {} },
];
const people = [{ id: 'p1', name: 'Priya Raman', avatar: null, email: 'priya@example.com' }];

function routes(post: (req: FakeRequest) => unknown = (req) => [req.body]) {
  return {
    'GET /api/db/teams': () => teams,
    'GET /api/db/people': () => people,
    'POST /api/db/responders': post,
  };
}

function render(onChanged = vi.fn(), onOpenChange = vi.fn()) {
  renderWithApp(
    <ResponderFlow incident={incident()} onChanged={onChanged} open onOpenChange={onOpenChange} />,
  );
}

describe('ResponderFlow', () => {
  it('Person goes straight to Add; Add is disabled without a person', async () => {
    const server = serve(['admin'], routes());
    const onChanged = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(onChanged, onOpenChange);
    const dialog = screen.getByRole('dialog', { name: 'Select Responder' });
    await user.click(within(dialog).getByRole('radio', { name: 'Person' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    const person = within(dialog).getByRole('combobox', { name: 'Person' });
    expect(within(person).getByRole('option', { name: 'None' })).toBeInTheDocument();
    await within(person).findByRole('option', { name: 'Priya Raman' });
    await user.selectOptions(person, 'p1');
    await user.click(add);
    expect(await screen.findByText('Responder added successfully')).toBeInTheDocument();
    expect(writes(server.requests)[0]?.body).toEqual({
      incident_id: 'i1',
      person_id: 'p1',
      type: 'person',
      properties: { responderType: 'person' },
    });
    expect(onChanged).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("Team: Next needs a team; only the types the team's spec configures; every field required", async () => {
    const server = serve(['admin'], routes());
    const user = userEvent.setup();
    render();
    let dialog = screen.getByRole('dialog', { name: 'Select Responder' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    const team = within(dialog).getByRole('combobox', { name: 'Team' });
    await within(team).findByRole('option', { name: 'Platform' });
    await user.selectOptions(team, 't1');
    await user.click(next);

    dialog = await screen.findByRole('dialog', { name: 'Responder Type' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['Email', 'Jira']);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Email' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    dialog = await screen.findByRole('dialog', { name: 'Save Team Responder' });
    // The team's spec prefills its defaults.
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('Incident');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Please provide valid value')).toHaveLength(2);
    expect(writes(server.requests)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^To/), 'ops@example.com');
    await user.type(within(dialog).getByLabelText(/^Body/), 'See incident');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]?.body).toEqual({
      incident_id: 'i1',
      team_id: 't1',
      type: 'system',
      properties: {
        responderType: 'email',
        to: 'ops@example.com',
        subject: 'Incident',
        body: 'See incident',
      },
    });
  });

  it('a team whose spec configures no responder type offers none', async () => {
    serve(['admin'], routes());
    const user = userEvent.setup();
    render();
    const team = screen.getByRole('combobox', { name: 'Team' });
    await within(team).findByRole('option', { name: 'Payments' });
    await user.selectOptions(team, 't2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog', { name: 'Responder Type' });
    expect(within(dialog).getByText('There were no responders configured for this team')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('Back returns from the form to the type and from the type to the team', async () => {
    serve(['admin'], routes());
    const user = userEvent.setup();
    render();
    const team = screen.getByRole('combobox', { name: 'Team' });
    await within(team).findByRole('option', { name: 'Platform' });
    await user.selectOptions(team, 't1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('radio', { name: 'Email' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const form = await screen.findByRole('dialog', { name: 'Save Team Responder' });
    expect(within(form).getByLabelText('To')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Back' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Responder Type' })).getByRole('button', {
        name: 'Back',
      }),
    );
    expect(await screen.findByRole('combobox', { name: 'Team' })).toHaveValue('t1');
  });

  it('a failed add shows the error and closes the modal', async () => {
    serve(
      ['admin'],
      routes(() => json({ code: '400', message: 'responder exists' }, { status: 400 })),
    );
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(vi.fn(), onOpenChange);
    await user.click(screen.getByRole('radio', { name: 'Person' }));
    const person = screen.getByRole('combobox', { name: 'Person' });
    await within(person).findByRole('option', { name: 'Priya Raman' });
    await user.selectOptions(person, 'p1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('responder exists')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('starts over when closed', async () => {
    serve(['admin'], routes());
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Reopen
          </button>
          <ResponderFlow incident={incident()} onChanged={vi.fn()} open={open} onOpenChange={setOpen} />
        </>
      );
    }
    renderWithApp(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Person' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByRole('radio', { name: 'Team' })).toBeChecked();
  });
});
