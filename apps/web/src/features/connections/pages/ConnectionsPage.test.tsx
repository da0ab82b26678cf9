import { permissionsFor } from '@opsdeck/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/queryClient.js';
import { fakeServer, json, type FakeRequest, type Route } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { ConnectionsPage } from './ConnectionsPage.js';

const REQUIRED = 'This field is required';
const stamp = '2026-11-01T00:00:00Z';
const listRows = [
  {
    id: 'c1',
    name: 'orders-db',
    namespace: 'default',
    type: 'postgres',
    created_by: { id: 'u1', name: 'Admin' },
    created_at: stamp,
    updated_at: stamp,
  },
  {
    id: 'c2',
    name: 'ops-chat',
    namespace: 'team-a',
    type: 'teams',
    created_by: null,
    source: 'demo',
    created_at: stamp,
    updated_at: stamp,
  },
];
/** connection_details masks every stored secret. */
const details: Record<string, Record<string, unknown>> = {
  c1: {
    ...listRows[0],
    url: 'postgres://db.internal:5432/orders',
    username: '***',
    password: '***',
    certificate: null,
    properties: {},
    insecure_tls: false,
  },
  c2: {
    ...listRows[1],
    url: 'teams://g@t/a/o?host=x',
    username: null,
    password: null,
    certificate: null,
    properties: { webhook: '***', legacy: 'kept' },
    insecure_tls: false,
  },
  // Reached by link only (?connection=…): a type Opsdeck cannot test, and one it can.
  c3: {
    id: 'c3',
    name: 'billing-sql',
    namespace: 'default',
    type: 'sql_server',
    url: 'sqlserver://sql.internal:1433?database=billing',
    username: '***',
    password: '***',
    certificate: null,
    properties: {},
    insecure_tls: false,
  },
  c4: {
    id: 'c4',
    name: 'prod-cluster',
    namespace: 'default',
    type: 'kubernetes',
    url: null,
    username: null,
    password: null,
    certificate: '***',
    properties: {},
    insecure_tls: false,
  },
};

let writes: FakeRequest[];
/** Tests of form values before saving (POST /api/connection/test). */
let unsavedTests: FakeRequest[];
let testAnswer: Route;

function serve(roles: string[], extra: Record<string, Route> = {}) {
  writes = [];
  unsavedTests = [];
  testAnswer = () => ({ message: 'ok', payload: { version: 'PostgreSQL 16.4', database: 'orders' } });
  return fakeServer({
    '/api/about': () => ({ version: 'test' }),
    '/api/auth/whoami': () => ({
      payload: { user: { id: 'u1', name: 'Admin' }, roles, permissions: permissionsFor(roles) },
    }),
    'GET /api/db/connections_list': () => json(listRows, { headers: { 'content-range': '0-1/2' } }),
    'GET /api/db/connection_details': (req) => {
      const id = req.url.searchParams.get('id')?.replace(/^eq\./, '') ?? '';
      // A connection the test just created reads back like orders-db.
      const row = details[id] ?? (id === 'c-new' ? { ...details.c1, id } : undefined);
      return row ? [row] : [];
    },
    'POST /api/db/connections': (req) => {
      writes.push(req);
      return json([{ id: 'c-new' }], { status: 201 });
    },
    'PATCH /api/db/connections': (req) => {
      writes.push(req);
      return [{ id: req.url.searchParams.get('id')?.replace(/^eq\./, '') }];
    },
    'POST /api/connection/test/c1': (req) => testAnswer(req),
    'POST /api/connection/test': (req) => {
      unsavedTests.push(req);
      return testAnswer(req);
    },
    ...extra,
  });
}

const openRow = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(await screen.findByRole('cell', { name }));

describe('ConnectionsPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });

  it('lists connections with their columns, sorted and paged on the server through the URL', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    expect(await screen.findByRole('cell', { name: 'orders-db' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Namespace',
      'Type',
      'Created By',
      'Created',
      'Updated',
    ]);
    const row = screen.getByRole('row', { name: /ops-chat/ });
    expect(within(row).getByRole('cell', { name: 'Teams' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'team-a' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /orders-db/ })).toHaveTextContent('Admin');
    // Created By is never blank: a row no person made names its source.
    expect(within(row).getByRole('cell', { name: 'demo' })).toBeInTheDocument();

    const first = server.requests.find((r) => r.url.pathname === '/api/db/connections_list');
    expect(first?.url.searchParams.get('order')).toBe('name.asc');
    expect(first?.url.searchParams.get('offset')).toBe('0');
    expect(first?.url.searchParams.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Type' }));
    await waitFor(() => expect(app.location().searchParams.get('sortBy')).toBe('type'));
    await waitFor(() =>
      expect(
        server.requests.some(
          (r) =>
            r.url.pathname === '/api/db/connections_list' && r.url.searchParams.get('order') === 'type.asc',
        ),
      ).toBe(true),
    );
  });

  it('adds a connection: type picker, the type form with its required fields, then Save', async () => {
    serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add Connection' });
    // Hidden types are kept for stored rows, never offered.
    expect(within(dialog).queryByRole('button', { name: 'JMeter' })).toBeNull();
    const groups = within(dialog)
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-label'));
    expect(groups).toEqual([
      'Database',
      'Observability',
      'Cloud',
      'Version control',
      'Storage',
      'Ticketing',
      'Notification',
    ]);
    const databases = within(within(dialog).getByRole('region', { name: 'Database' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(databases).toEqual([...databases].sort((a, b) => (a ?? '').localeCompare(b ?? '')));

    // Search, pick SFTP: its port default is filled in; Back returns to the picker.
    await user.type(within(dialog).getByRole('textbox', { name: 'Search connection types' }), 'sft');
    expect(within(dialog).queryByRole('button', { name: 'Postgres' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'SFTP' }));
    dialog = await screen.findByRole('dialog', { name: 'Add SFTP Connection' });
    expect(within(dialog).getByLabelText('Port')).toHaveValue(22);
    expect(within(dialog).getByLabelText('Namespace')).toHaveValue('default');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    // Email: selects with their defaults.
    dialog = await screen.findByRole('dialog', { name: 'Add Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Email' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Email Connection' });
    expect(within(dialog).getByLabelText('Encryption')).toHaveValue('Auto');
    expect(within(dialog).getByLabelText('Auth')).toHaveValue('Unknown');
    expect(within(dialog).getByLabelText('Port')).toHaveValue(587);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));

    // Postgres: Save checks the required fields first.
    dialog = await screen.findByRole('dialog', { name: 'Add Connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Postgres' }));
    dialog = await screen.findByRole('dialog', { name: 'Add Postgres Connection' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('aria-required', 'true');
    await user.clear(within(dialog).getByLabelText('Namespace'));
    // Test Connection before saving checks the required fields first too, and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    expect(await within(dialog).findAllByText(REQUIRED)).toHaveLength(5);
    expect(unsavedTests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Name, namespace, URL, username, password.
    expect(await within(dialog).findAllByText(REQUIRED)).toHaveLength(5);
    expect(writes).toHaveLength(0);

    // A field's label now holds its message too.
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}(${REQUIRED})?$`));
    await user.type(field('Name'), 'orders-db');
    await user.type(field('Namespace'), 'default');
    await user.type(field('URL'), 'postgres://db.internal:5432/orders');
    await user.type(field('Username'), 'app');
    await user.type(password, 's3cret!');
    const saveBody = {
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://db.internal:5432/orders',
      username: 'app',
      password: 's3cret!',
      properties: {},
    };
    // Tested before it is saved: the values the save would send, and nothing written.
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    const results = await screen.findByRole('dialog', { name: 'Test Connection Results' });
    expect(within(results).getByRole('status')).toHaveTextContent('Connection successful');
    expect(unsavedTests.map((t) => t.body)).toEqual([saveBody]);
    expect(writes).toHaveLength(0);
    await user.click(within(results).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Test Connection Results' })).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connection added successfully')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual(saveBody);
    // The stored connection stays open, so it can be tested right away.
    await waitFor(() => expect(app.location().searchParams.get('connection')).toBe('c-new'));
    dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    expect(await within(dialog).findByRole('button', { name: 'Test Connection' })).toBeInTheDocument();
  });

  it('shows a taken name next to Name and Namespace, as the server words it', async () => {
    const taken = 'a connection named "api" already exists in namespace "default"';
    serve(['admin'], {
      'POST /api/db/connections': () =>
        json(
          { code: '23505', message: taken, details: null, hint: null, fields: ['name', 'namespace'] },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'HTTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add HTTP Connection' });
    await user.type(within(dialog).getByLabelText('Name'), 'api');
    await user.type(within(dialog).getByLabelText('URL'), 'http://127.0.0.1:1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText(taken)).toHaveLength(2);
    expect(within(dialog).getByLabelText(new RegExp(`^Name${taken.replace(/"/g, '.')}$`))).toHaveValue('api');
  });

  it('edits a stored connection: name fixed, secrets shown as *** and kept unless retyped', async () => {
    serve(['admin']);
    const user = userEvent.setup();
    const app = renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    await openRow(user, 'orders-db');
    let dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('orders-db'));
    expect(within(dialog).getByLabelText('Name')).toBeDisabled();
    expect(within(dialog).getByLabelText('Namespace')).toBeDisabled();
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', '***');
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('placeholder', '***');
    expect(within(dialog).queryByRole('button', { name: 'Back' })).toBeNull();

    // Only the URL changes: the stored username and password are not sent, so they stay.
    const url = within(dialog).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'postgres://db2.internal:5432/orders');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Connection updated successfully')).toBeInTheDocument();
    expect(writes[0]?.method).toBe('PATCH');
    expect(writes[0]?.url.searchParams.get('id')).toBe('eq.c1');
    expect(writes[0]?.body).toEqual({ url: 'postgres://db2.internal:5432/orders', properties: {} });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location().searchParams.get('connection')).toBeNull();

    // A new password is sent as typed.
    await openRow(user, 'orders-db');
    dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    await user.type(await within(dialog).findByLabelText('Password'), 'n3w-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.body).toMatchObject({ password: 'n3w-pass' });
    expect(writes[1]?.body).not.toHaveProperty('username');

    // A masked secret property is sent back as ***; properties no field shows are kept.
    await openRow(user, 'ops-chat');
    dialog = await screen.findByRole('dialog', { name: 'Edit Teams Connection' });
    await user.click(await within(dialog).findByRole('button', { name: 'Update' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]?.body).toEqual({ properties: { webhook: '***', legacy: 'kept' } });
  });

  it('deletes a connection after confirmation (soft delete)', async () => {
    serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    await openRow(user, 'orders-db');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    await user.click(await within(dialog).findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Connection' });
    expect(writes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Connection deleted successfully')).toBeInTheDocument();
    expect(writes[0]?.body).toEqual({ deleted_at: expect.any(String) });
  });

  it('shows each Test Connection outcome in the results dialog', async () => {
    serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=c1' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    const runTest = async () => {
      await user.click(await within(dialog).findByRole('button', { name: 'Test Connection' }));
      return screen.findByRole('dialog', { name: 'Test Connection Results' });
    };
    const close = async (results: HTMLElement) => {
      // The footer's Close (the title bar has an X named Close too).
      await user.click(within(results).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Test Connection Results' })).toBeNull(),
      );
    };

    let results = await runTest();
    expect(within(results).getByRole('status')).toHaveTextContent('Connection successful');
    expect(within(results).getByLabelText('Details')).toHaveTextContent('PostgreSQL 16.4');
    await close(results);

    testAnswer = () => json({ error: 'password authentication failed for user "app"' }, { status: 400 });
    results = await runTest();
    expect(within(results).getByRole('status')).toHaveTextContent(
      'password authentication failed for user "app"',
    );
    await close(results);

    testAnswer = () => json({ error: '{"status":503,"reason":"cluster red"}' }, { status: 400 });
    results = await runTest();
    expect(within(results).getByLabelText('Server error').textContent).toBe(
      JSON.stringify({ status: 503, reason: 'cluster red' }, null, 2),
    );
    await close(results);

    testAnswer = () => json({ error: 'Testing postgres connection is not available' }, { status: 501 });
    results = await runTest();
    expect(within(results).getByRole('status')).toHaveTextContent(
      'We currently do not support testing this connection type',
    );
    await close(results);

    testAnswer = () => json({ error: 'boom' }, { status: 500 });
    results = await runTest();
    expect(within(results).getByRole('status')).toHaveTextContent('Testing connection failed!');
  });

  it('tests a stored connection’s edits before Update, the masked secrets standing for the stored ones', async () => {
    const server = serve(['admin']);
    const user = userEvent.setup();
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=c1' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Postgres Connection' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('orders-db'));
    const url = within(dialog).getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'postgres://db2.internal:5432/orders');
    testAnswer = () => json({ error: 'connect ECONNREFUSED db2.internal:5432' }, { status: 400 });
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    const results = await screen.findByRole('dialog', { name: 'Test Connection Results' });
    expect(within(results).getByRole('status')).toHaveTextContent('connect ECONNREFUSED db2.internal:5432');
    // The update body with the id; username and password left out, so the stored ones are used.
    expect(unsavedTests.map((t) => t.body)).toEqual([
      { id: 'c1', url: 'postgres://db2.internal:5432/orders', properties: {} },
    ]);
    expect(server.hrefs()).not.toContain('/api/connection/test/c1');
    expect(writes).toHaveLength(0);
  });

  it('offers Test Connection only for types Opsdeck can test, and says why for the others', async () => {
    serve(['admin']);
    const untestable = renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=c3' });
    let dialog = await screen.findByRole('dialog', { name: 'Edit SQL Server Connection' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('billing-sql'));
    expect(
      within(dialog).getByText('Opsdeck cannot test SQL Server connections: it has no SQL Server driver'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Test Connection' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
    untestable.unmount();

    const testable = renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=c4' });
    dialog = await screen.findByRole('dialog', { name: 'Edit Kubernetes Connection' });
    expect(await within(dialog).findByRole('button', { name: 'Test Connection' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/Opsdeck cannot test/)).toBeNull();
    testable.unmount();

    // A new connection of a type Opsdeck cannot test says so before it is saved, too.
    const user = userEvent.setup();
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=new' });
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'SQL Server' }));
    dialog = await screen.findByRole('dialog', { name: 'Add SQL Server Connection' });
    expect(
      within(dialog).getByText('Opsdeck cannot test SQL Server connections: it has no SQL Server driver'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Test Connection' })).toBeNull();
  });

  it('is read-only without write on connections: the list only, no add, edit, delete or test', async () => {
    const server = serve(['viewer']);
    const user = userEvent.setup();
    // Even a link to a connection opens nothing.
    renderWithApp(<ConnectionsPage />, { url: '/settings/connections?connection=c1' });
    await openRow(user, 'orders-db');
    await screen.findByRole('cell', { name: 'ops-chat' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Connection' })).toBeNull();
    for (const name of ['Test Connection', 'Delete', 'Update', 'Save'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(server.requests.some((r) => r.url.pathname === '/api/db/connection_details')).toBe(false);
  });

  it('shows an empty state, and an error toast when the list fails to load', async () => {
    serve(['admin'], {
      'GET /api/db/connections_list': () => json([], { headers: { 'content-range': '*/0' } }),
    });
    const { unmount } = renderWithApp(<ConnectionsPage />, { url: '/settings/connections' });
    expect(await screen.findByText('No connections yet')).toBeInTheDocument();
    unmount();

    serve(['admin'], {
      'GET /api/db/connections_list': () => json({ message: 'relation is gone' }, { status: 500 }),
    });
    // The app's query client toasts failed loads.
    renderWithApp(
      <QueryClientProvider client={createQueryClient()}>
        <ConnectionsPage />
      </QueryClientProvider>,
      { url: '/settings/connections' },
    );
    await waitFor(() =>
      expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('relation is gone'),
    );
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
