import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { DefinitionOfDoneWizard } from './DefinitionOfDoneWizard.js';
import { DOD_DEFAULT_SCRIPTS } from './dodScripts.js';
import { eqParam, evidence, hypothesis, incident, serve, writes } from './test/fixtures.js';

const ok = (req: FakeRequest) => [{ id: eqParam(req, 'id') ?? 'new' }];

function withEvidence() {
  return incident({
    hypotheses: [
      hypothesis('h-root', {
        evidences: [
          evidence('e-top', { type: 'topology', description: 'api component' }),
          evidence('e-check', { type: 'check', description: 'api health check' }),
          evidence('e-ins', { type: 'config_analysis', description: 'open port' }),
          evidence('e-dod', { type: 'check', description: 'already done', definition_of_done: true }),
        ],
      }),
    ],
  });
}

function open(onChanged = vi.fn(), onOpenChange = vi.fn(), inc = withEvidence()) {
  renderWithApp(
    <DefinitionOfDoneWizard incident={inc} onChanged={onChanged} open onOpenChange={onOpenChange} />,
  );
  return screen.getByRole('dialog', { name: 'Add Definition of Done' });
}

describe('DefinitionOfDoneWizard', () => {
  it('Automatic: Next waits for a selection; the scripts start with the type defaults; Add patches each', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const server = serve(['admin'], {
      'PATCH /api/db/evidences': async (req: FakeRequest) => {
        await gate;
        return ok(req);
      },
    });
    const onChanged = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    const dialog = open(onChanged, onOpenChange);
    expect(within(dialog).getByRole('radio', { name: 'Automatic' })).toBeChecked();
    // Evidence already in the definition of done is not offered.
    expect(within(dialog).queryByRole('checkbox', { name: /already done/ })).toBeNull();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /api component/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /api health check/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /open port/ }));
    await user.click(next);

    expect(within(dialog).getByLabelText('Script: api component')).toHaveValue(
      "component.status == 'healthy'",
    );
    expect(within(dialog).getByLabelText('Script: api health check')).toHaveValue(
      "check.status == 'healthy' && time.Since(check.last_transition_time) > duration('5m')",
    );
    expect(within(dialog).getByLabelText('Script: open port')).toHaveValue(
      DOD_DEFAULT_SCRIPTS.config_analysis,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('button', { name: 'Adding ...' })).toBeDisabled();
    release();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const sent = writes(server.requests);
    expect(sent.map((r) => eqParam(r, 'id')).sort()).toEqual(['e-check', 'e-ins', 'e-top']);
    expect(sent.find((r) => eqParam(r, 'id') === 'e-top')?.body).toEqual({
      definition_of_done: true,
      script: "component.status == 'healthy'",
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Automatic: Back keeps the selection; an edited script is sent as typed', async () => {
    const server = serve(['admin'], { 'PATCH /api/db/evidences': ok });
    const user = userEvent.setup();
    const dialog = open();
    await user.click(within(dialog).getByRole('checkbox', { name: /api health check/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('checkbox', { name: /api health check/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const script = within(dialog).getByLabelText('Script: api health check');
    await user.clear(script);
    await user.type(script, 'check.status == "healthy"');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]?.body).toEqual({
      definition_of_done: true,
      script: 'check.status == "healthy"',
    });
  });

  it('Automatic: a failed save shows the spec text', async () => {
    serve(['admin'], {
      'PATCH /api/db/evidences': () => json({ code: '400', message: 'script: bad' }, { status: 400 }),
    });
    const user = userEvent.setup();
    const dialog = open();
    await user.click(within(dialog).getByRole('checkbox', { name: /api component/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('Marking evidence as part of definition of done failed'),
    ).toBeInTheDocument();
  });

  it('Manual: Add is disabled while empty and creates a comment evidence on the root hypothesis', async () => {
    const server = serve(['admin'], { 'POST /api/db/evidences': ok });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    const dialog = open(onChanged);
    await user.click(within(dialog).getByRole('radio', { name: 'Manual' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Definition of done'), 'customers confirm');
    await user.click(add);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(writes(server.requests)[0]).toMatchObject({
      method: 'POST',
      body: {
        hypothesis_id: 'h-root',
        type: 'comment',
        description: 'customers confirm',
        definition_of_done: true,
      },
    });
  });

  it('shows the empty text when every evidence is already in the definition of done', () => {
    serve(['admin']);
    const dialog = open(vi.fn(), vi.fn(), incident({ hypotheses: [hypothesis('h-root')] }));
    expect(dialog).toHaveTextContent('There are no evidences which are not part of definition of done');
  });
});
