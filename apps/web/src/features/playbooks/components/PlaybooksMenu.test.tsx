import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResourceActionButtons, ResourceActionsProvider } from '../../../platform/resourceActions.js';
import { renderWithApp } from '../../../test/render.js';
import { runPlaybookAction } from '../resourceActions.js';
import { CHECK_ID, playbook, serve } from '../test/serve.js';

const OTHER = '22222222-2222-4222-8222-222222222299';

describe('the Playbooks menu', () => {
  it('lists the playbooks offered for the check; choosing one opens the Run dialog on it', async () => {
    const server = serve(['admin'], {
      'GET /api/playbook/list': () => [
        playbook({ title: 'Restart pod' }),
        playbook({ id: OTHER, name: 'scale', title: 'Scale up' }),
      ],
      [`POST /api/playbook/${OTHER}/params`]: () => ({ params: [] }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <ResourceActionsProvider actions={[runPlaybookAction]}>
        <ResourceActionButtons resource={{ kind: 'check', id: CHECK_ID, name: 'api-health' }} />
      </ResourceActionsProvider>,
    );
    // A menu, not a single 'Run playbook' button.
    expect(screen.queryByRole('button', { name: 'Run playbook' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
    const menu = await screen.findByRole('menu');
    await within(menu).findByRole('menuitem', { name: 'Scale up' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Restart pod', 'Scale up']);
    expect(server.hrefs()).toContain(`/api/playbook/list?check_id=${CHECK_ID}`);
    await user.click(within(menu).getByRole('menuitem', { name: 'Scale up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Scale up' });
    expect(within(dialog).getByRole('combobox', { name: 'Playbook' })).toHaveValue(OTHER);
    expect(await within(dialog).findByText('No parameters for this playbook.')).toBeInTheDocument();
  });

  it('says so when no playbook may run on the resource', async () => {
    serve(['admin'], { 'GET /api/playbook/list': () => [] });
    const user = userEvent.setup();
    renderWithApp(
      <ResourceActionsProvider actions={[runPlaybookAction]}>
        <ResourceActionButtons resource={{ kind: 'check', id: CHECK_ID, name: 'api-health' }} />
      </ResourceActionsProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Playbooks' }));
    expect(await screen.findByRole('menuitem', { name: 'No playbooks for this resource' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
