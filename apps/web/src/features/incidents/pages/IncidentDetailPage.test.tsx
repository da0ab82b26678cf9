import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { INC_ID, incident, serve } from '../test/serve.js';
import { IncidentDetailPage } from './IncidentDetailPage.js';

const histories = [
  {
    id: 'x3',
    type: 'responder.comment_edited',
    description: 'rollback done',
    created_at: '2026-11-03T10:00:00Z',
    person: { id: 'p1', name: 'Maya Okafor', avatar: null },
  },
  {
    id: 'x2',
    type: 'incident.status_updated',
    description: 'open → investigating',
    created_at: '2026-11-02T10:00:00Z',
    person: { id: 'p1', name: 'Maya Okafor', avatar: null },
  },
  {
    id: 'x1',
    type: 'incident.created',
    description: 'API latency',
    created_at: '2026-11-01T10:00:00Z',
    person: null,
  },
];

const evidenceRows = () => [{ id: 'h1', evidences: incident().hypotheses[0]?.evidences ?? [] }];

function open(roles = ['admin'], routes = {}) {
  const server = serve(roles, {
    'GET /api/db/incidents': () => [incident()],
    'GET /api/db/incident_histories': () => histories,
    'GET /api/db/hypotheses': () => evidenceRows(),
    'PATCH /api/db/incidents': () => [{ id: INC_ID }],
    'PATCH /api/db/evidences': () => [{ id: 'e2' }],
    ...routes,
  });
  const app = renderWithApp(<IncidentDetailPage />, { url: `/incidents/${INC_ID}`, route: '/incidents/:id' });
  return { server, app };
}

const patches = (server: ReturnType<typeof open>['server'], table: string) =>
  server.requests.filter((r) => r.method === 'PATCH' && r.url.pathname === `/api/db/${table}`);

describe('IncidentDetailPage', () => {
  it('loads the incident in one embedded call and shows breadcrumb, title, the timeline, the tree and details first', async () => {
    const { server } = open();
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(crumbs).toHaveTextContent('API latency'));
    expect(within(crumbs).getByRole('link', { name: 'Incidents' })).toHaveAttribute('href', '/incidents');
    expect(document.title.startsWith('Incident - API latency')).toBe(true);
    const req = server.requests.find((r) => r.url.pathname === '/api/db/incidents');
    expect(req?.url.searchParams.get('id')).toBe(`eq.${INC_ID}`);
    const select = req?.url.searchParams.get('select') ?? '';
    for (const part of [
      'commander:commander_id',
      'communicator:communicator_id',
      'hypotheses(*,evidences(*,check:check_id(id,name),component:component_id(id,name),config:config_id(id,name,type)),comments(*,person:created_by(id,name,avatar)))',
      'responders(*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar))',
    ])
      expect(select).toContain(part);

    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('list', { name: 'Timeline' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Action Plan' }));
    expect(await screen.findByRole('tree', { name: 'Hypotheses' })).toBeInTheDocument();

    // Details is open first, the others closed; opening one closes the other.
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Changelog' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('INC-1', { selector: 'dd' })).toBeInTheDocument();
  });

  it('shows the definition of done and the changelog newest first, one section at a time', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Definition of done' }));
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
    const items = screen.getAllByTestId('dod-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('api-health check');
    expect(items[0]).toHaveTextContent('false');
    expect(within(items[0] as HTMLElement).getByLabelText('Not done')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Changelog' }));
    expect(screen.queryByTestId('dod-item')).toBeNull();
    const entries = await screen.findAllByTestId('history');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Maya Okafor edited a comment: rollback done'),
      expect.stringContaining('Maya Okafor changed the status: open → investigating'),
      expect.stringContaining('API latency'),
    ]);
  });

  it('counts the check evidence an empty definition of done has not taken yet', async () => {
    const user = userEvent.setup();
    const base = incident();
    const root = base.hypotheses[0]!;
    const notDone = { ...root, evidences: root.evidences.map((e) => ({ ...e, definition_of_done: false })) };
    open(['admin'], { 'GET /api/db/incidents': () => [{ ...base, hypotheses: [notDone] }] });
    await user.click(await screen.findByRole('button', { name: 'Definition of done' }));
    expect(screen.queryByText('There are no evidences provided for this incident')).toBeNull();
    expect(
      screen.getByText(
        'This incident has 2 pieces of evidence (1 check, 1 log), none of it part of the definition of done yet.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Incident not found' for a missing incident", async () => {
    open(['viewer'], { 'GET /api/db/incidents': () => [] });
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
  });

  it('edits severity and type with one PATCH {severity, type}', async () => {
    const user = userEvent.setup();
    const { server } = open();
    const severity = await screen.findByRole('combobox', { name: 'Severity' });
    await user.selectOptions(severity, 'critical');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'security');
    await waitFor(() => expect(patches(server, 'incidents')).toHaveLength(1));
    const patch = patches(server, 'incidents')[0];
    expect(patch?.url.searchParams.get('id')).toBe(`eq.${INC_ID}`);
    expect(patch?.body).toEqual({ severity: 'critical', type: 'security' });
  });

  it('moves to a plain status at once, and Close/Reopen toggles closed and open', async () => {
    const user = userEvent.setup();
    const { server } = open();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'investigating');
    expect(await screen.findByText('Incident status updated successfully')).toBeInTheDocument();
    expect(patches(server, 'incidents')[0]?.body).toEqual({ status: 'investigating' });
    // Only the allowed moves from open are offered.
    expect(
      within(screen.getByRole('combobox', { name: 'Status' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Open', 'Investigating', 'Mitigated', 'Resolved', 'Closed']);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(patches(server, 'incidents')[1]?.body).toEqual({ status: 'closed' }));
  });

  it('offers Reopen on a closed incident and reports a failed update', async () => {
    const user = userEvent.setup();
    const { server } = open(['admin'], {
      'GET /api/db/incidents': () => [incident({ status: 'closed' })],
      'PATCH /api/db/incidents': () => json({ code: '23514', message: 'bad move' }, { status: 400 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Incident status updated failed')).toBeInTheDocument();
    expect(patches(server, 'incidents')[0]?.body).toEqual({ status: 'open' });
  });

  it('asks for definition-of-done evidence before resolving: none chosen, Submit, Skip and Cancel', async () => {
    const user = userEvent.setup();
    const { server } = open();
    const status = await screen.findByRole('combobox', { name: 'Status' });

    // Cancel aborts.
    await user.selectOptions(status, 'resolved');
    let dialog = await screen.findByRole('dialog', {
      name: 'Add contributing factors to definition of done',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(server, 'incidents')).toHaveLength(0);

    // Nothing chosen: the message, no call.
    await user.selectOptions(status, 'mitigated');
    dialog = await screen.findByRole('dialog');
    // Evidence already in the definition of done is not offered again.
    expect(await within(dialog).findByRole('checkbox', { name: 'error logs' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'api-health check' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select atleast one evidence');
    expect(patches(server, 'incidents')).toHaveLength(0);

    // Submit: the evidence first, then the status.
    await user.click(within(dialog).getByRole('checkbox', { name: 'error logs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(patches(server, 'incidents')).toHaveLength(1));
    expect(patches(server, 'evidences')[0]?.body).toEqual({ definition_of_done: true });
    expect(patches(server, 'evidences')[0]?.url.searchParams.get('id')).toBe('eq.e2');
    expect(patches(server, 'incidents')[0]?.body).toEqual({ status: 'mitigated' });
    const order = server.requests.filter((r) => r.method === 'PATCH').map((r) => r.url.pathname);
    expect(order).toEqual(['/api/db/evidences', '/api/db/incidents']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Skip: the status alone.
    await user.selectOptions(status, 'resolved');
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(patches(server, 'incidents')).toHaveLength(2));
    expect(patches(server, 'incidents')[1]?.body).toEqual({ status: 'resolved' });
    expect(patches(server, 'evidences')).toHaveLength(1);
  });

  it('shows the loading text while the dialog reads the evidence', async () => {
    const user = userEvent.setup();
    open(['admin'], { 'GET /api/db/hypotheses': () => new Promise(() => undefined) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'resolved');
    expect(await screen.findByText('Loading evidences please wait...')).toBeInTheDocument();
  });

  it('shows status as text without write permission', async () => {
    open(['viewer']);
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('shows the strip of topology component cards above the tabs for topology evidence, and none without', async () => {
    const componentId = '44444444-4444-4444-8444-444444444444';
    const topology = {
      id: 'e3',
      hypothesis_id: 'h1',
      type: 'topology',
      component_id: componentId,
      description: 'payments',
    };
    const base = incident();
    const root = { ...base.hypotheses[0], evidences: [...(base.hypotheses[0]?.evidences ?? []), topology] };
    const { server } = open(['viewer'], {
      'GET /api/db/incidents': () => [{ ...base, hypotheses: [root] }],
      'GET /api/db/components': () => [
        { id: componentId, name: 'payments-api', icon: null, type: 'Service', status: 'healthy' },
      ],
    });
    const strip = await screen.findByRole('list', { name: 'Topology components' });
    expect(await within(strip).findByRole('link', { name: /payments-api/ })).toHaveAttribute(
      'href',
      `/topology/${componentId}`,
    );
    // Above the tabs, in document order.
    const tabs = screen.getByRole('tablist');
    expect(strip.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(server.requests.filter((r) => r.url.pathname === '/api/db/components')).toHaveLength(1);
  });

  it('has no strip and reads no components when no evidence is topology', async () => {
    const { server } = open(['viewer']);
    await screen.findByRole('list', { name: 'Timeline' });
    expect(screen.queryByRole('list', { name: 'Topology components' })).toBeNull();
    expect(server.requests.some((r) => r.url.pathname === '/api/db/components')).toBe(false);
  });
});
