import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { ActionPlan } from './ActionPlan.js';
import { comment, eqParam, evidence, hypothesis, incident, serve, writes } from './test/fixtures.js';

const ok = () => [{ id: 'x' }];
const routes = {
  'PATCH /api/db/hypotheses': ok,
  'POST /api/db/hypotheses': ok,
  'DELETE /api/db/hypotheses': ok,
  'PATCH /api/db/evidences': ok,
};

function node(name: string) {
  return screen.getByRole('treeitem', { name });
}

describe('ActionPlan', () => {
  it("shows 'fetching tree...' while the incident loads", () => {
    serve(['admin'], routes);
    renderWithApp(<ActionPlan incident={undefined} onChanged={() => {}} />);
    expect(screen.getByText('fetching tree...')).toBeInTheDocument();
  });

  it('nests the tree by parent_id: root → factor → solution', async () => {
    serve(['admin'], routes);
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    const root = await screen.findByRole('treeitem', { name: 'Database overloaded' });
    const factor = within(root).getByRole('treeitem', { name: 'Slow queries' });
    expect(within(factor).getByRole('treeitem', { name: 'Add an index' })).toBeInTheDocument();
    expect(within(screen.getByRole('tree')).getAllByRole('treeitem')).toHaveLength(3);
    // A solution has no child type, so it offers no 'Add hypothesis'.
    await within(root).findAllByRole('button', { name: 'Add hypothesis' });
    expect(within(node('Add an index')).queryByRole('button', { name: 'Add hypothesis' })).toBeNull();
  });

  it("folds each hypothesis' comments, and opens them all with ?comments=true", async () => {
    serve(['admin'], routes);
    const user = userEvent.setup();
    const withComments = incident({
      hypotheses: [
        hypothesis('h-root', { title: 'Database overloaded', comments: [comment('c1'), comment('c2')] }),
        hypothesis('h-factor', {
          parent_id: 'h-root',
          type: 'factor',
          title: 'Slow queries',
          comments: [comment('c3', { hypothesis_id: 'h-factor', comment: 'seen on replica 2' })],
        }),
      ],
    });
    const folded = renderWithApp(<ActionPlan incident={withComments} onChanged={() => {}} />, {
      url: '/incidents/i1?tab=action-plan',
    });
    const toggle = await screen.findByRole('button', { name: '2 comments' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('comment c1')).toBeNull();
    await user.click(toggle);
    expect(screen.getByText('comment c1')).toBeInTheDocument();
    folded.unmount();

    renderWithApp(<ActionPlan incident={withComments} onChanged={() => {}} />, {
      url: '/incidents/i1?tab=action-plan&comments=true',
    });
    expect(await screen.findByText('comment c2')).toBeInTheDocument();
    expect(screen.getByText('seen on replica 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 comment' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('sends a status change after the 200 ms debounce, only the last one', async () => {
    const server = serve(['admin'], routes);
    const onChanged = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident()} onChanged={onChanged} />);
    const factor = await screen.findByRole('treeitem', { name: 'Slow queries' });
    const status = within(factor).getAllByRole('combobox', { name: 'Status' })[0] as HTMLElement;
    await user.selectOptions(status, 'likely');
    await user.selectOptions(status, 'proven');
    expect(writes(server.requests)).toHaveLength(0);
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    const [patch] = writes(server.requests);
    expect(patch?.method).toBe('PATCH');
    expect(eqParam(patch!, 'id')).toBe('h-factor');
    expect(patch?.body).toEqual({ status: 'proven' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('sends a title edit once typing has stopped for 1 s', async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    const root = await screen.findByRole('treeitem', { name: 'Database overloaded' });
    const title = within(root).getAllByRole('textbox', { name: 'Title' })[0] as HTMLElement;
    // Editable once the permissions are known.
    await waitFor(() => expect(title).not.toHaveAttribute('readonly'));
    await user.clear(title);
    await user.type(title, 'DB');
    await new Promise((r) => setTimeout(r, 500));
    expect(writes(server.requests)).toHaveLength(0);
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1), { timeout: 2000 });
    expect(writes(server.requests)[0]?.body).toEqual({ title: 'DB' });
  });

  it("'Disprove Hypothesis' sets the status disproven", async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    const solution = await screen.findByRole('treeitem', { name: 'Add an index' });
    await user.click(await within(solution).findByRole('button', { name: 'Disprove Hypothesis' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]?.body).toEqual({ status: 'disproven' });
    expect(within(solution).getByRole('combobox', { name: 'Status' })).toHaveValue('disproven');
  });

  it('delete asks first and offers disprove or delete; Delete sends DELETE by id', async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    const solution = await screen.findByRole('treeitem', { name: 'Add an index' });
    await user.click(await within(solution).findByRole('button', { name: 'Delete hypothesis' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Hypothesis' });
    await user.click(within(dialog).getByRole('button', { name: 'Disprove' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]).toMatchObject({ method: 'PATCH', body: { status: 'disproven' } });

    await user.click(within(solution).getByRole('button', { name: 'Delete hypothesis' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Hypothesis' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(2));
    const del = writes(server.requests)[1]!;
    expect(del.method).toBe('DELETE');
    expect(del.url.pathname).toBe('/api/db/hypotheses');
    expect(eqParam(del, 'id')).toBe('h-solution');
  });

  it("'Add hypothesis' creates a possible root when the incident has none", async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident({ hypotheses: [] })} onChanged={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Add hypothesis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add hypothesis' });
    await user.type(within(dialog).getByLabelText('Title'), 'Bad deploy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]).toMatchObject({
      method: 'POST',
      body: { incident_id: 'i1', title: 'Bad deploy', type: 'root', status: 'possible' },
    });
    expect(writes(server.requests)[0]?.body).not.toHaveProperty('parent_id');
  });

  it('adds a child of the chosen node with the next type', async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    const factor = await screen.findByRole('treeitem', { name: 'Slow queries' });
    await user.click((await within(factor).findAllByRole('button', { name: 'Add hypothesis' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add hypothesis' });
    await user.type(within(dialog).getByLabelText('Title'), 'Cache results');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]?.body).toEqual({
      incident_id: 'i1',
      parent_id: 'h-factor',
      title: 'Cache results',
      type: 'solution',
      status: 'possible',
    });
  });

  it('shows log evidence with 3 lines of context around the selected lines', async () => {
    serve(['admin'], routes);
    const lines = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), `line ${i + 1}`]));
    const log = evidence('e1', { evidence: { lines, selected_lines: { '10': 'line 10' } } });
    renderWithApp(
      <ActionPlan
        incident={incident({ hypotheses: [hypothesis('h-root', { evidences: [log] })] })}
        onChanged={() => {}}
      />,
    );
    const shown = await screen.findByLabelText('Evidence lines');
    expect(shown).toHaveTextContent('line 7');
    expect(shown).toHaveTextContent('line 13');
    expect(shown).not.toHaveTextContent('line 6');
    expect(shown).not.toHaveTextContent('line 14');
  });

  it("'Mark as resolved' toggles done after a confirmation; removing from definition of done asks too", async () => {
    const server = serve(['admin'], routes);
    const user = userEvent.setup();
    const dod = evidence('e1', { type: 'check', definition_of_done: true, done: false });
    renderWithApp(
      <ActionPlan
        incident={incident({ hypotheses: [hypothesis('h-root', { evidences: [dod] })] })}
        onChanged={() => {}}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Mark as resolved' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark as resolved' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(server.requests)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Mark as resolved' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark as resolved' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as resolved' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]).toMatchObject({ method: 'PATCH', body: { done: true } });
    expect(eqParam(writes(server.requests)[0]!, 'id')).toBe('e1');

    await user.click(screen.getByRole('button', { name: 'Remove from definition of done' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove from definition of done ?' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove the evidence from definition of done ?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(2));
    expect(writes(server.requests)[1]?.body).toEqual({ definition_of_done: false });
  });

  it('a viewer sees the tree without edit buttons', async () => {
    serve(['viewer'], routes);
    renderWithApp(<ActionPlan incident={incident()} onChanged={() => {}} />);
    await screen.findByRole('treeitem', { name: 'Database overloaded' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Disprove Hypothesis' })).toBeNull();
  });
  it('follows a status changed on the server once the incident is refetched', async () => {
    serve(['admin'], routes);
    const user = userEvent.setup();
    const first = incident();
    const changed = incident({
      hypotheses: first.hypotheses.map((h) => (h.id === 'h-root' ? { ...h, status: 'proven' as const } : h)),
    });
    function Harness() {
      const [current, setCurrent] = useState(first);
      return (
        <>
          <button type="button" onClick={() => setCurrent(changed)}>
            Refetch
          </button>
          <ActionPlan incident={current} onChanged={() => {}} />
        </>
      );
    }
    renderWithApp(<Harness />);
    const root = await screen.findByRole('treeitem', { name: 'Database overloaded' });
    const status = within(root).getAllByRole('combobox', { name: 'Status' })[0];
    expect(status).toHaveValue('possible');
    await user.click(screen.getByRole('button', { name: 'Refetch' }));
    // The same element (no remount) now shows the server's value.
    expect(status).toHaveValue('proven');
  });
});
