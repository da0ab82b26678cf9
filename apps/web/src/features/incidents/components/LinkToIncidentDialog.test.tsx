import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import {
  ResourceActionButtons,
  ResourceActionsProvider,
  type ResourceRef,
} from '../../../platform/resourceActions.js';
import { linkToIncidentAction } from '../resourceActions.js';
import { INC_ID, serve } from '../test/serve.js';

const CHECK: ResourceRef = { kind: 'check', id: 'c1', name: 'api-health' };
const CHANGE: ResourceRef = { kind: 'config_change', id: 'ch1', name: 'image bumped', configId: 'cfg1' };

function renderButton(resource: ResourceRef) {
  return renderWithApp(
    <ResourceActionsProvider actions={[linkToIncidentAction]}>
      <ResourceActionButtons resource={resource} />
    </ResourceActionsProvider>,
  );
}

const posts = (server: ReturnType<typeof serve>, table: string) =>
  server.requests
    .filter((r) => r.method === 'POST' && r.url.pathname === `/api/db/${table}`)
    .map((r) => r.body);

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Link to Incident' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Link to Incident' }) };
}

const openIncident = { id: INC_ID, incident_id: 'INC-1', title: 'API latency' };

type Hyp = { id: string; title: string; type: string };
/** GET /hypotheses: the dialog's search (select id,title,type) or the root lookup (type=eq.root). */
function hypothesesRoute(found: Hyp[], root: { id: string }[]) {
  return (req: { url: URL }) => {
    if (req.url.searchParams.get('type') === 'eq.root') return root;
    const title = req.url.searchParams.get('title');
    const text = title ? title.replace(/^ilike\.\*|\*$/g, '').toLowerCase() : '';
    return found.filter((h) => h.title.toLowerCase().includes(text));
  };
}

describe('Link to Incident', () => {
  // Toasts outlive the rendered tree.
  afterEach(() => {
    toast.dismiss();
  });

  it('creates a new incident titled after the resource, its root hypothesis and the evidence', async () => {
    const server = serve(['responder'], {
      'GET /api/db/incidents': () => [],
      'POST /api/db/incidents': () => json([{ id: INC_ID }], { status: 201 }),
      'POST /api/db/hypotheses': () => json([{ id: 'h9' }], { status: 201 }),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    const app = renderButton(CHECK);
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('textbox', { name: 'Incident' })).toHaveValue('api-health');
    expect(within(dialog).getByRole('radio', { name: /New incident/ })).toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Severity' })).toHaveValue('low');
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toHaveValue('availability');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Severity' }), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'incidents')).toEqual([
      { title: 'api-health', description: '', severity: 'high', type: 'availability', status: 'open' },
    ]);
    expect(posts(server, 'hypotheses')).toEqual([
      { incident_id: INC_ID, type: 'root', title: 'api-health', status: 'possible' },
    ]);
    expect(posts(server, 'evidences')).toEqual([
      { hypothesis_id: 'h9', description: 'api-health', type: 'check', check_id: 'c1' },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Link to Incident' })).toBeNull();
    // The toast links to the incident.
    await user.click(screen.getByRole('button', { name: 'View incident' }));
    await waitFor(() => expect(app.location().pathname).toBe(`/incidents/${INC_ID}`));
  });

  it('names the root hypothesis after the incident title as it is edited, until the user writes one', async () => {
    const server = serve(['responder'], {
      'GET /api/db/incidents': () => [],
      'POST /api/db/incidents': () => json([{ id: INC_ID }], { status: 201 }),
      'POST /api/db/hypotheses': () => json([{ id: 'h9' }], { status: 201 }),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    renderButton(CHECK);
    const { user, dialog } = await openDialog();
    const title = within(dialog).getByRole('textbox', { name: 'Incident' });
    const hypothesis = within(dialog).getByRole('textbox', { name: 'Hypothesis' });
    await user.clear(title);
    await user.type(title, 'Checkout down');
    expect(hypothesis).toHaveValue('Checkout down');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'hypotheses')).toEqual([
      { incident_id: INC_ID, type: 'root', title: 'Checkout down', status: 'possible' },
    ]);
  });

  it('keeps a hypothesis the user wrote when the incident title changes', async () => {
    serve(['responder'], { 'GET /api/db/incidents': () => [] });
    renderButton(CHECK);
    const { user, dialog } = await openDialog();
    const hypothesis = within(dialog).getByRole('textbox', { name: 'Hypothesis' });
    await user.clear(hypothesis);
    await user.type(hypothesis, 'Bad deploy');
    await user.type(within(dialog).getByRole('textbox', { name: 'Incident' }), ' again');
    expect(hypothesis).toHaveValue('Bad deploy');
  });

  it('adds a factor under the root of an open incident, with the evidence of a change', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incidents': () => [openIncident],
      'GET /api/db/hypotheses': hypothesesRoute([], [{ id: 'root1' }]),
      'POST /api/db/hypotheses': () => json([{ id: 'h9' }], { status: 201 }),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    renderButton(CHANGE);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: /INC-1/ }));
    // Severity and type belong to a new incident only.
    expect(within(dialog).queryByRole('combobox', { name: 'Severity' })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Hypothesis' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('Must select or create a hypothesis')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Hypothesis/ }), 'Bad image');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'rolled out at 10:02');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'incidents')).toEqual([]);
    const rootQuery = server.requests.find(
      (r) => r.url.pathname === '/api/db/hypotheses' && r.url.searchParams.get('type') === 'eq.root',
    )?.url;
    expect(rootQuery?.searchParams.get('incident_id')).toBe(`eq.${INC_ID}`);
    expect(rootQuery?.searchParams.get('type')).toBe('eq.root');
    expect(posts(server, 'hypotheses')).toEqual([
      { incident_id: INC_ID, parent_id: 'root1', type: 'factor', title: 'Bad image', status: 'possible' },
    ]);
    expect(posts(server, 'evidences')).toEqual([
      {
        hypothesis_id: 'h9',
        description: 'rolled out at 10:02',
        type: 'config_change',
        config_change_id: 'ch1',
        config_id: 'cfg1',
      },
    ]);
    // Only open incidents are offered.
    const search = server.requests.find((r) => r.url.pathname === '/api/db/incidents')?.url;
    expect(search?.searchParams.get('status')).toBe('not.in.(resolved,closed)');
  });

  it('creates the root first when the incident has none', async () => {
    let created = 0;
    const server = serve(['admin'], {
      'GET /api/db/incidents': () => [openIncident],
      'GET /api/db/hypotheses': hypothesesRoute([], []),
      'POST /api/db/hypotheses': () => json([{ id: `h${++created}` }], { status: 201 }),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    renderButton({ kind: 'component', id: 'comp1', name: 'payments' });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: /INC-1/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'hypotheses')).toEqual([
      { incident_id: INC_ID, type: 'root', title: 'API latency', status: 'possible' },
      { incident_id: INC_ID, parent_id: 'h1', type: 'factor', title: 'payments', status: 'possible' },
    ]);
    expect(posts(server, 'evidences')).toEqual([
      { hypothesis_id: 'h2', description: 'payments', type: 'topology', component_id: 'comp1' },
    ]);
  });

  it("searches the chosen incident's hypotheses, selects the only match and links onto it", async () => {
    const server = serve(['admin'], {
      'GET /api/db/incidents': () => [openIncident],
      'GET /api/db/hypotheses': hypothesesRoute(
        [
          { id: 'root1', title: 'API latency', type: 'root' },
          { id: 'h5', title: 'Pool exhausted', type: 'factor' },
        ],
        [{ id: 'root1' }],
      ),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    renderButton({
      kind: 'config',
      id: 'cfg1',
      name: 'payments-db',
      evidence: {
        configName: 'payments-db',
        lines: { '4': 'pool: 10' },
        selected_lines: { '4': 'pool: 10' },
      },
    });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: /INC-1/ }));
    const box = within(dialog).getByRole('textbox', { name: /^Hypothesis/ });
    await user.clear(box);
    // Both hypotheses listed; none chosen while there is more than one.
    const list = within(dialog).getByRole('group', { name: 'Hypotheses' });
    expect(await within(list).findByRole('radio', { name: /Pool exhausted/ })).not.toBeChecked();
    expect(within(list).getByRole('radio', { name: /API latency/ })).not.toBeChecked();
    await user.type(box, 'pool');
    await waitFor(() => expect(within(list).getByRole('radio', { name: /Pool exhausted/ })).toBeChecked());
    expect(within(list).queryByRole('radio', { name: /API latency/ })).toBeNull();
    const search = server.requests
      .filter((r) => r.url.searchParams.get('select') === 'id,title,type')
      .at(-1)?.url;
    expect(search?.searchParams.get('incident_id')).toBe(`eq.${INC_ID}`);
    expect(search?.searchParams.get('title')).toBe('ilike.*pool*');

    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'hypotheses')).toEqual([]);
    expect(posts(server, 'evidences')).toEqual([
      {
        hypothesis_id: 'h5',
        description: 'payments-db',
        type: 'config',
        config_id: 'cfg1',
        evidence: {
          configName: 'payments-db',
          lines: { '4': 'pool: 10' },
          selected_lines: { '4': 'pool: 10' },
        },
      },
    ]);
  });

  it('creates a new hypothesis on an existing incident when the user picks New hypothesis', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incidents': () => [openIncident],
      'GET /api/db/hypotheses': hypothesesRoute(
        [{ id: 'h5', title: 'Pool exhausted', type: 'factor' }],
        [{ id: 'root1' }],
      ),
      'POST /api/db/hypotheses': () => json([{ id: 'h9' }], { status: 201 }),
      'POST /api/db/evidences': () => json([{ id: 'e9' }], { status: 201 }),
    });
    renderButton(CHECK);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: /INC-1/ }));
    const box = within(dialog).getByRole('textbox', { name: /^Hypothesis/ });
    await user.clear(box);
    await user.type(box, 'Pool');
    const list = within(dialog).getByRole('group', { name: 'Hypotheses' });
    await waitFor(() => expect(within(list).getByRole('radio', { name: /Pool exhausted/ })).toBeChecked());
    await user.click(within(list).getByRole('radio', { name: /New hypothesis/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Linked to incident successfully')).toBeInTheDocument();
    expect(posts(server, 'hypotheses')).toEqual([
      { incident_id: INC_ID, parent_id: 'root1', type: 'factor', title: 'Pool', status: 'possible' },
    ]);
  });

  it('needs an incident, and stops when the incident cannot be created', async () => {
    const server = serve(['admin'], {
      'GET /api/db/incidents': () => [],
      'POST /api/db/incidents': () => json({ code: '23514', message: 'title too long' }, { status: 400 }),
    });
    renderButton(CHECK);
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Incident' }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByText('Must select or create an incident')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /^Incident/ }), 'DB down');
    await user.click(within(dialog).getByRole('radio', { name: /New incident/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('title too long')).toBeInTheDocument();
    expect(posts(server, 'hypotheses')).toEqual([]);
    expect(posts(server, 'evidences')).toEqual([]);
  });

  it('is hidden without write on incident', async () => {
    const server = serve(['viewer'], {});
    renderButton(CHECK);
    await waitFor(() => expect(server.hrefs().some((h) => h.includes('whoami'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Link to Incident' })).toBeNull();
  });

  it('is hidden when the incidents feature is off', async () => {
    serve(['admin'], { 'GET /api/properties': () => [{ name: 'incidents.disable', value: 'true' }] });
    renderButton(CHECK);
    // Shown while the flags load, gone once they say the feature is off.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Link to Incident' })).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Link to Incident' })).toBeNull();
  });
});
