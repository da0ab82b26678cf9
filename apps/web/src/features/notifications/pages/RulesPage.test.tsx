import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { counted, eqParam, RULE_ID, serve } from '../test/serve.js';
import { RulesPage } from './RulesPage.js';

const rule = {
  id: RULE_ID,
  name: 'api-down',
  namespace: 'default',
  events: ['check.failed'],
  title: null,
  template: null,
  filter: "check.type == 'http'",
  person_id: null,
  team_id: null,
  custom_services: [{ url: 'smtp://system/?To=oncall%40example.com' }],
  repeat_interval: '4h',
  wait_for: 300_000_000_000,
  source: 'UI',
  error: null,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  created_by: 'u1',
  created_by_name: 'Admin',
  pending: 1,
  failed: 2,
  sent: 7,
  avg_duration_ms: 250,
  most_common_error: 'smtp: 535 authentication failed',
};
const crdRule = { ...rule, id: 'r-crd', name: 'from-crd', source: 'KubernetesCRD', most_common_error: null };

function routes(writes: FakeRequest[]) {
  return {
    'GET /api/db/notifications_summary': (req: FakeRequest) => {
      const id = eqParam(req, 'id');
      if (id) return [rule, crdRule].filter((r) => r.id === id);
      return counted([rule, crdRule]);
    },
    'GET /api/db/people': () => [{ id: 'p1', name: 'Priya Raman', email: 'priya@example.com' }],
    'GET /api/db/teams': () => [{ id: 't1', name: 'Platform' }],
    'POST /api/db/notifications': (req: FakeRequest) => {
      writes.push(req);
      return json([{ id: 'r-new' }], { status: 201 });
    },
    'PATCH /api/db/notifications': (req: FakeRequest) => {
      writes.push(req);
      return [{ id: eqParam(req, 'id') }];
    },
  };
}

describe('RulesPage', () => {
  it('lists every spec column, sorted on the server; the most common error opens its own modal', async () => {
    const server = serve(['admin'], routes([]));
    const user = userEvent.setup();
    const app = renderWithApp(<RulesPage />, { url: '/notifications/rules' });
    const row = await screen.findByRole('row', { name: /api-down/ });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Events',
      'Name',
      'Error',
      'Filter',
      'Pending',
      'Failed',
      'Sent',
      'Avg Duration',
      'Repeat Interval',
      'Wait For',
      'Created',
      'Updated',
      'Created By',
      'Most Common Error',
    ]);
    expect(row).toHaveTextContent('check.failed');
    expect(row).toHaveTextContent('5m');
    expect(row).toHaveTextContent('250ms');
    expect(
      server.requests
        .find((r) => r.url.pathname.endsWith('notifications_summary'))
        ?.url.searchParams.get('order'),
    ).toBe('name.asc.nullslast');

    // Read again: the table re-renders once the permissions are known.
    await user.click(
      within(screen.getByRole('row', { name: /api-down/ })).getByRole('button', {
        name: 'smtp: 535 authentication failed',
      }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Most Common Error' });
    expect(modal).toHaveTextContent('smtp: 535 authentication failed');
    // The error cell does not open the rule.
    expect(app.location().searchParams.get('id')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Close' }));

    // Counts sort largest first.
    await user.click(screen.getByRole('button', { name: 'Sent' }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.url.searchParams.get('order') === 'sent.desc.nullslast')).toBe(
        true,
      ),
    );
  });

  it('creates a rule: recipient tabs clear each other, the email recipient is saved as system SMTP, the others null', async () => {
    const writes: FakeRequest[] = [];
    serve(['admin'], routes(writes));
    const user = userEvent.setup();
    renderWithApp(<RulesPage />, { url: '/notifications/rules' });
    await user.click(await screen.findByRole('button', { name: 'Create Notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Notification' });

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(4); // name, events, person, repeat
    expect(writes).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Name(This field is required)?$/), 'api-down');
    await user.click(within(dialog).getByRole('button', { name: /^Events/ }));
    await user.click(await screen.findByRole('option', { name: 'check.failed' }));
    await user.keyboard('{Escape}');

    // A person chosen, then the Team tab: the person is cleared; Others keeps only its own value.
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Person/ }), 'p1');
    await user.click(within(dialog).getByRole('radio', { name: 'Team' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Person' }));
    expect(within(dialog).getByRole('combobox', { name: /^Person/ })).toHaveValue('');
    await user.click(within(dialog).getByRole('radio', { name: 'Others' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Repeat Interval/ }), '1h');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Entered value does not match email format')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'oncall@example.com');
    // Wait For is an amount and a unit (minutes first).
    await user.type(within(dialog).getByRole('textbox', { name: 'Wait For amount' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification created successfully')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({
      name: 'api-down',
      namespace: 'default',
      events: ['check.failed'],
      person_id: null,
      team_id: null,
      custom_services: [{ url: 'smtp://system/?To=oncall%40example.com' }],
      playbook_ref: null,
      title: null,
      template: null,
      filter: null,
      repeat_interval: '1h',
      wait_for: 120_000_000_000,
    });
  });

  it('a row opens Edit Notification from ?id=; a rule from a CRD has no submit button', async () => {
    const writes: FakeRequest[] = [];
    serve(['admin'], routes(writes));
    const user = userEvent.setup();
    const app = renderWithApp(<RulesPage />, { url: `/notifications/rules?id=${RULE_ID}` });
    let dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(await within(dialog).findByRole('textbox', { name: /^Email/ })).toHaveValue('oncall@example.com');
    await user.clear(within(dialog).getByLabelText(/^Name(This field is required)?$/));
    await user.type(within(dialog).getByLabelText(/^Name(This field is required)?$/), 'api-down-2');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Notification updated successfully')).toBeInTheDocument();
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.body).toMatchObject({
      name: 'api-down-2',
      wait_for: 300_000_000_000,
      repeat_interval: '4h',
    });
    await waitFor(() => expect(app.location().searchParams.get('id')).toBeNull());

    await user.click(await screen.findByRole('cell', { name: 'from-crd' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    await within(dialog).findByDisplayValue('from-crd');
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("copies a rule's id from its row, saying 'Copied {id} to clipboard', without opening it", async () => {
    serve(['viewer'], routes([]));
    // user-event puts a clipboard on navigator that the test can read back.
    const user = userEvent.setup();
    const app = renderWithApp(<RulesPage />, { url: '/notifications/rules' });
    const row = await screen.findByRole('row', { name: /api-down/ });
    await user.click(within(row).getByRole('button', { name: 'Copy the ID of api-down' }));
    expect(await screen.findByText(`Copied ${RULE_ID} to clipboard`)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(RULE_ID);
    expect(app.location().searchParams.get('id')).toBeNull();
  });

  it('the second repeat-interval list sets the interval in one click; 1w is 7d and 1m a month (30d)', async () => {
    const writes: FakeRequest[] = [];
    serve(['admin'], routes(writes));
    const user = userEvent.setup();
    renderWithApp(<RulesPage />, { url: `/notifications/rules?id=${RULE_ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    await within(dialog).findByDisplayValue('api-down');
    const presets = within(dialog).getByRole('group', { name: 'Repeat every' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1h', '2h', '3h', '6h', '1d', '1w', '1m']);
    await user.click(within(presets).getByRole('button', { name: '1m' }));
    expect(within(dialog).getByRole('combobox', { name: /^Repeat Interval/ })).toHaveValue('30d');
    expect(within(presets).getByRole('button', { name: '1m' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(presets).getByRole('button', { name: '6h' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes[0]?.body).toMatchObject({ repeat_interval: '6h' }));
  });

  it('shows a taken name next to Name and Namespace, as the server words it, not below the form', async () => {
    const taken = 'a notification named "api-down-2" already exists in namespace "default"';
    const writes: FakeRequest[] = [];
    serve(['admin'], {
      ...routes(writes),
      'PATCH /api/db/notifications': () =>
        json(
          { code: '23505', message: taken, details: null, hint: null, fields: ['namespace', 'name'] },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<RulesPage />, { url: `/notifications/rules?id=${RULE_ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(await within(dialog).findByRole('textbox', { name: /^Email/ })).toHaveValue('oncall@example.com');
    await user.clear(within(dialog).getByLabelText(/^Name(This field is required)?$/));
    await user.type(within(dialog).getByLabelText(/^Name(This field is required)?$/), 'api-down-2');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    // Once under Name and once under Namespace; no second copy under the form.
    expect(await within(dialog).findAllByText(taken)).toHaveLength(2);
  });

  it('Send test posts the rule as edited and says what was sent to whom; a bad template is said at Template', async () => {
    const tests: FakeRequest[] = [];
    serve(['admin'], {
      ...routes([]),
      'POST /api/notification/test': (req: FakeRequest) => {
        tests.push(req);
        if ((req.body as { template?: string | null }).template)
          return json({ error: 'template: unclosed action', fields: ['template'] }, { status: 400 });
        return {
          event: 'check.failed',
          resource: { type: 'check', id: 'c1', name: 'checkout-down' },
          passesFilter: true,
          title: 'Check checkout-down has failed',
          results: [
            { recipient: 'oncall@example.com', status: 'sent' },
            { recipient: 'chat', status: 'error', error: 'webhook: 500' },
          ],
        };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<RulesPage />, { url: `/notifications/rules?id=${RULE_ID}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Notification' });
    expect(await within(dialog).findByRole('textbox', { name: /^Email/ })).toHaveValue('oncall@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    const result = await within(dialog).findByRole('region', { name: 'Test message' });
    expect(result).toHaveTextContent(
      'about the health check checkout-down: “Check checkout-down has failed”',
    );
    expect(result).toHaveTextContent('Sent to oncall@example.com');
    expect(result).toHaveTextContent('Not sent to chat: webhook: 500');
    expect(tests[0]?.body).toEqual({
      events: ['check.failed'],
      title: null,
      template: null,
      filter: "check.type == 'http'",
      person_id: null,
      team_id: null,
      custom_services: [{ url: 'smtp://system/?To=oncall%40example.com' }],
    });

    await user.type(within(dialog).getByRole('textbox', { name: /^Template/ }), '{{{{.check.name');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(await within(dialog).findByText('template: unclosed action')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Test message' })).toBeNull();
  });

  it('readers get no Create button', async () => {
    serve(['viewer'], routes([]));
    renderWithApp(<RulesPage />, { url: '/notifications/rules' });
    expect(await screen.findByRole('row', { name: /api-down/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Notification' })).toBeNull();
  });
});
