import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { CommentsTimeline } from './CommentsTimeline.js';
import { comment, hypothesis, incident, serve, writes } from './test/fixtures.js';

const people = [{ id: 'p1', name: 'Priya Raman', email: 'priya@example.com' }];

function withComments() {
  return incident({
    hypotheses: [
      hypothesis('h-root', {
        title: 'Database overloaded',
        comments: [
          comment('c2', { comment: 'second', created_at: '2026-11-01T11:00:00Z' }),
          comment('c1', {
            comment: 'ping @[Priya Raman](user:p1) please',
            created_at: '2026-11-01T10:00:00Z',
          }),
        ],
      }),
      hypothesis('h-factor', {
        parent_id: 'h-root',
        type: 'factor',
        title: 'Slow queries',
        comments: [
          comment('c3', { hypothesis_id: 'h-factor', comment: 'middle', created_at: '2026-11-01T10:30:00Z' }),
        ],
      }),
    ],
  });
}

describe('CommentsTimeline', () => {
  it('lists the comments of every hypothesis in time order, mentions as @name', async () => {
    serve(['admin']);
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={() => {}} />);
    const items = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'ping @Priya Raman please',
      'middle',
      'second',
    ]);
  });

  it('marks an edited comment as edited, and only that one', async () => {
    serve(['admin']);
    const edited = incident({
      hypotheses: [
        hypothesis('h-root', {
          comments: [
            comment('c1', { comment: 'first take', created_at: '2026-11-01T10:00:00Z' }),
            comment('c2', {
              comment: 'changed my mind',
              created_at: '2026-11-01T11:00:00Z',
              edited_at: '2026-11-01T12:00:00Z',
            }),
          ],
        }),
      ],
    });
    renderWithApp(<CommentsTimeline incident={edited} onChanged={() => {}} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(first).not.toHaveTextContent('(edited)');
    expect(within(second!).getByText('(edited)')).toBeInTheDocument();
  });

  it('Send is disabled while empty; it asks for a hypothesis, then for text', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={() => {}} />);
    const send = await screen.findByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), '   ');
    await user.click(send);
    expect(await screen.findByText('Please select any hypothesis')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hypothesis' }), 'h-factor');
    await user.click(send);
    expect(await screen.findByText('Please add comment details')).toBeInTheDocument();
    expect(writes(server.requests)).toHaveLength(0);
  });

  it("'@' suggests people and inserts the mention markup", async () => {
    const server = serve(['admin'], { 'GET /api/db/people': () => people });
    const user = userEvent.setup();
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={() => {}} />);
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await user.type(box, 'cc @pri');
    const option = await screen.findByRole('option', { name: /Priya Raman/ });
    const asked = server.requests.filter((r) => r.url.pathname === '/api/db/people').at(-1)!;
    expect(asked.url.searchParams.get('select')).toBe('id,name,email');
    expect(asked.url.searchParams.get('name')).toBe('ilike.*pri*');
    expect(asked.url.searchParams.get('limit')).toBe('8');
    await user.click(option);
    expect(box).toHaveValue('cc @[Priya Raman](user:p1) ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('adds the comment at once and sends it; the incident is refetched', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const server = serve(['admin'], {
      'POST /api/db/comments': async (req: FakeRequest) => {
        await gate;
        return [req.body];
      },
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={onChanged} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hypothesis' }), 'h-factor');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'looking into it');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('looking into it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    release();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(writes(server.requests)[0]?.body).toMatchObject({
      incident_id: 'i1',
      hypothesis_id: 'h-factor',
      comment: 'looking into it',
    });
    expect(writes(server.requests)[0]?.body).toHaveProperty('id');
  });

  it('sends a public update when the toggle is on, marks it in the timeline, and sends ordinary comments otherwise', async () => {
    const server = serve(['responder'], { 'POST /api/db/comments': (req: FakeRequest) => [req.body] });
    const user = userEvent.setup();
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={() => {}} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hypothesis' }), 'h-root');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Checkout is recovering');
    await user.click(screen.getByRole('checkbox', { name: /Public update/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Public update')).toBeInTheDocument();
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]?.body).toMatchObject({
      comment: 'Checkout is recovering',
      kind: 'public_update',
    });
    // The toggle goes back off: the next comment is an ordinary one.
    expect(screen.getByRole('checkbox', { name: /Public update/ })).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'internal only');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(2));
    expect(writes(server.requests)[1]?.body).toMatchObject({ comment: 'internal only', kind: 'comment' });
  });

  it('removes the optimistic comment and shows the error when the save fails', async () => {
    serve(['admin'], {
      'POST /api/db/comments': () => json({ code: 'P0001', message: 'comments are closed' }, { status: 400 }),
    });
    const user = userEvent.setup();
    renderWithApp(<CommentsTimeline incident={withComments()} onChanged={() => {}} />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Hypothesis' }), 'h-root');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'will fail');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('comments are closed')).toBeInTheDocument();
    expect(screen.queryByText('will fail')).toBeNull();
  });
});
