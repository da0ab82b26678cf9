import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ResponderList } from './ResponderList.js';
import { eqParam, incident, responder, serve, writes } from './test/fixtures.js';

const withResponders = () =>
  incident({
    responders: [
      responder('r1', { acknowledge_time: '2026-11-01T10:05:00Z' }),
      responder('r2', {
        person_id: null,
        person: null,
        team_id: 't1',
        team: { id: 't1', name: 'Platform' },
        properties: { responderType: 'jira' },
        status: 'error',
        error: 'jira: 401 Unauthorized',
      }),
      responder('r4', {
        person_id: null,
        person: null,
        team_id: 't2',
        team: { id: 't2', name: 'Payments' },
        properties: { responderType: 'jira' },
        status: 'sent',
        external_id: 'PAY-7',
      }),
      responder('r3', { deleted_at: '2026-11-01T11:00:00Z', person: { id: 'p2', name: 'Gone Person' } }),
    ],
  });

describe('ResponderList', () => {
  it('shows live responders with the current step (the first without a time) and their status/error', () => {
    serve(['admin']);
    renderWithApp(<ResponderList incident={withResponders()} onChanged={() => {}} />);
    expect(screen.queryByRole('listitem', { name: 'Gone Person' })).toBeNull();
    const priya = screen.getByRole('listitem', { name: 'Priya Raman' });
    const steps = within(priya).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Created', 'Acknowledged', 'Resolved', 'Closed']);
    expect(within(priya).getByText('Resolved')).toHaveAttribute('aria-current', 'step');
    const platform = screen.getByRole('listitem', { name: 'Platform' });
    expect(within(platform).getByText('Acknowledged')).toHaveAttribute('aria-current', 'step');
    expect(within(platform).getByRole('alert')).toHaveTextContent('jira: 401 Unauthorized');
    expect(platform).toHaveTextContent('error');
    // A responder reached by a ticket shows the ticket's key (external_id).
    expect(screen.getByRole('listitem', { name: 'Payments' })).toHaveTextContent('PAY-7');
  });

  it('removing asks first, then PATCHes deleted_at', async () => {
    const server = serve(['admin'], { 'PATCH /api/db/responders': () => [{ id: 'r1' }] });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ResponderList incident={withResponders()} onChanged={onChanged} />);
    const priya = screen.getByRole('listitem', { name: 'Priya Raman' });
    await user.click(await within(priya).findByRole('button', { name: 'Delete responder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Responder ?' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the responder ?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Responder deleted successfully')).toBeInTheDocument();
    const [patch] = writes(server.requests);
    expect(patch?.method).toBe('PATCH');
    expect(eqParam(patch!, 'id')).toBe('r1');
    expect(Object.keys(patch?.body as object)).toEqual(['deleted_at']);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('a failed removal shows the error message', async () => {
    serve(['admin'], {
      'PATCH /api/db/responders': () => json({ code: '403', message: 'not allowed' }, { status: 403 }),
    });
    const user = userEvent.setup();
    renderWithApp(<ResponderList incident={withResponders()} onChanged={() => {}} />);
    const priya = screen.getByRole('listitem', { name: 'Priya Raman' });
    await user.click(await within(priya).findByRole('button', { name: 'Delete responder' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Responder ?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('not allowed')).toBeInTheDocument();
  });
});
