import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { counted, historyRow, RULE_ID, serve } from '../test/serve.js';
import { HistoryPage } from './HistoryPage.js';

const rows = [
  historyRow(),
  historyRow({
    id: 'h2',
    status: 'repeat-interval',
    count: 4,
    resource: { id: 'x', name: 'db-health', type: 'tcp' },
  }),
];

describe('HistoryPage', () => {
  it('lists sends with their columns; Status and Resource Type filters live in the URL and reach the server', async () => {
    const server = serve(['admin'], { 'GET /api/db/notification_send_history_summary': () => counted(rows) });
    const user = userEvent.setup();
    const app = renderWithApp(<HistoryPage />, { url: '/notifications' });
    const repeated = await screen.findByRole('row', { name: /db-health/ });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Age',
      'Resource',
      'Status',
      'Event',
    ]);
    // repeat-interval reads 'Repeated'; the count shows over the age.
    expect(within(repeated).getByText('Repeated')).toBeInTheDocument();
    expect(within(repeated).getByLabelText('4 times')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /api-health/ })).toHaveTextContent('sent');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'error');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Resource Type' }), 'check');
    await waitFor(() => expect(app.location().searchParams.get('resourceType')).toBe('check'));
    expect(app.location().searchParams.get('status')).toBe('error');
    await waitFor(() =>
      expect(
        server.requests.some(
          (r) =>
            r.url.searchParams.get('status') === 'eq.error' &&
            r.url.searchParams.get('resource_type') === 'eq.check',
        ),
      ).toBe(true),
    );
  });

  it('reads in time order: the age is that of the latest send, the time the list is sorted by', async () => {
    const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    const ordered = [
      historyRow({
        id: 'a',
        created_at: ago(14),
        first_observed: ago(14),
        resource: { id: 'a', name: 'r-a', type: 'http' },
      }),
      // Repeated since long ago, last sent an hour ago: it sits between the others.
      historyRow({
        id: 'b',
        created_at: ago(60),
        first_observed: ago(600),
        count: 3,
        resource: { id: 'b', name: 'r-b', type: 'http' },
      }),
      historyRow({
        id: 'c',
        created_at: ago(120),
        first_observed: ago(120),
        resource: { id: 'c', name: 'r-c', type: 'http' },
      }),
    ];
    const server = serve(['admin'], {
      'GET /api/db/notification_send_history_summary': () => counted(ordered),
    });
    renderWithApp(<HistoryPage />, { url: '/notifications' });
    await screen.findByRole('row', { name: /r-c/ });
    const ageOf = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[0]!;
    // 14m, 1h, 2h: in order (the first observed time, 10h, would have read 14m, 10h, 2h).
    expect(ageOf('r-a')).toHaveTextContent(/^14m$/);
    expect(within(ageOf('r-b')).getByText('1h')).toBeInTheDocument();
    expect(ageOf('r-c')).toHaveTextContent(/^2h$/);
    expect(
      server.requests.find((r) => r.url.pathname.endsWith('summary'))?.url.searchParams.get('order'),
    ).toBe('created_at.desc');
  });

  it("has the breadcrumb 'Notifications › History', not the area's name twice", async () => {
    serve(['viewer'], { 'GET /api/db/notification_send_history_summary': () => counted([]) });
    renderWithApp(<HistoryPage />, { url: '/notifications' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent(/^Notifications\s*›?\s*History$/);
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads the filters back from the URL on reload', async () => {
    const server = serve(['viewer'], { 'GET /api/db/notification_send_history_summary': () => counted([]) });
    renderWithApp(<HistoryPage />, { url: '/notifications?status=silenced' });
    expect(await screen.findByText('No notifications have been sent yet')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('silenced');
    expect(
      server.requests.find((r) => r.url.pathname.endsWith('summary'))?.url.searchParams.get('status'),
    ).toBe('eq.silenced');
  });

  it('opens a row as a details dialog with the id in the URL: sanitised body, error and the rule link', async () => {
    serve(['admin'], {
      'GET /api/db/notification_send_history_summary': () => counted(rows),
      'GET /api/notification/send_history/h1': () => ({
        ...historyRow({ status: 'error', error: '{"code":"EAUTH"}', duration_millis: 1500 }),
        body: '<p>Check <b>api-health</b> failed</p><script>window.hacked = true</script><img src=x onerror="alert(1)">',
        notification: { id: RULE_ID, name: 'api-down' },
      }),
    });
    const user = userEvent.setup();
    const app = renderWithApp(<HistoryPage />, { url: '/notifications' });
    await user.click(await screen.findByRole('cell', { name: /api-health/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(app.location().searchParams.get('id')).toBe('h1');
    expect(await within(dialog).findByText('oncall@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('check.failed')).toBeInTheDocument();
    expect(within(dialog).getByText('1.5s')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'api-down' })).toHaveAttribute(
      'href',
      `/notifications/rules?id=${RULE_ID}`,
    );
    const body = within(dialog).getByLabelText('Body');
    expect(body).toHaveTextContent('Check api-health failed');
    expect(body.querySelector('script, img, [onerror]')).toBeNull();
    // The error is JSON, shown formatted.
    expect(within(dialog).getByLabelText('Error').textContent).toBe('{\n  "code": "EAUTH"\n}');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.location().searchParams.get('id')).toBeNull());
  });

  it("shows an inhibited send, and a playbook recipient's send with a link to its run", async () => {
    serve(['admin'], {
      'GET /api/db/notification_send_history_summary': () =>
        counted([
          historyRow({
            id: 'h3',
            status: 'inhibited',
            resource: { id: 'd1', name: 'checkout', type: 'Kubernetes::Deployment' },
          }),
          historyRow({
            id: 'h4',
            status: 'pending_playbook_completion',
            recipient: 'playbook ops/diagnose-configs',
          }),
        ]),
      'GET /api/notification/send_history/h4': () => ({
        ...historyRow({ id: 'h4', status: 'sent', recipient: 'playbook ops/diagnose-configs' }),
        body: null,
        notification: { id: RULE_ID, name: 'config-healths' },
        playbook_run: { id: 'run-9', status: 'completed', playbook_name: 'Diagnose a config' },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<HistoryPage />, { url: '/notifications' });
    expect(await screen.findByRole('row', { name: /checkout/ })).toHaveTextContent('inhibited');
    expect(
      Array.from((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).options).map(
        (o) => o.value,
      ),
    ).toEqual(expect.arrayContaining(['inhibited', 'pending_playbook_run', 'pending_playbook_completion']));
    const playbookRow = screen.getByRole('row', { name: /playbook running/ });
    await user.click(within(playbookRow).getAllByRole('cell')[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Notification details' });
    expect(await within(dialog).findByText('playbook ops/diagnose-configs')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Diagnose a config' })).toHaveAttribute(
      'href',
      '/playbooks/runs/run-9',
    );
    expect(within(dialog).getByText('(completed)')).toBeInTheDocument();
  });

  it('shows the server error with Retry when the history cannot be read', async () => {
    serve(['admin'], {
      'GET /api/db/notification_send_history_summary': () =>
        json({ message: 'permission denied' }, { status: 403 }),
    });
    renderWithApp(<HistoryPage />, { url: '/notifications' });
    expect(await screen.findByRole('alert')).toHaveTextContent('permission denied');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
