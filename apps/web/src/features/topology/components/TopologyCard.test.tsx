import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import type { TopologyComponent } from '../api/types.js';
import { CARD_WIDTH_KEY, DEFAULT_CARD_WIDTH, sortChildren } from '../lib/cards.js';
import { CardSizeControls } from './CardSizeControls.js';
import { SidePanel } from './SidePanel.js';
import { TopologyCard } from './TopologyCard.js';
import { useStoredState } from '../../../lib/useStoredState.js';
import { cardWidthSchema } from '../lib/cards.js';

function component(over: Partial<TopologyComponent> = {}): TopologyComponent {
  return {
    id: over.name ?? 'root',
    topology_id: 't1',
    parent_id: null,
    name: 'root',
    type: 'Application',
    icon: null,
    namespace: null,
    labels: {},
    status: 'healthy',
    status_reason: null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    external_id: null,
    path: '',
    properties: [],
    summary: {},
    hidden: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    children: [],
    checks: [],
    teams: [],
    ...over,
  };
}

beforeEach(() => {
  localStorage.clear();
  fakeServer({}, () => []);
});

describe('topology card', () => {
  it('shows the agent badge of a component pushed by an agent, none for local ones', async () => {
    fakeServer({ '/api/db/agents': () => [{ id: 'a1a1a1a1-0000-4000-8000-000000000000', name: 'edge-eu' }] });
    renderWithApp(
      <>
        <TopologyCard
          component={component({ name: 'remote', agent_id: 'a1a1a1a1-0000-4000-8000-000000000000' })}
          width={400}
        />
        <TopologyCard component={component({ name: 'local' })} width={400} />
      </>,
    );
    expect(await screen.findAllByText('edge-eu')).toHaveLength(1);
  });

  it('lists children unhealthy first, then warning, then healthy', () => {
    const children = [
      component({ name: 'a-ok', status: 'healthy' }),
      component({ name: 'b-warn', status: 'warning' }),
      component({ name: 'c-bad', status: 'unhealthy' }),
      component({ name: 'd-unknown', status: 'unknown' }),
    ];
    expect(sortChildren(children).map((c) => c.name)).toEqual(['c-bad', 'b-warn', 'a-ok', 'd-unknown']);
    renderWithApp(<TopologyCard component={component({ children })} width={400} />);
    const items = within(screen.getByTestId('card-children')).getAllByTestId('card-child');
    expect(items.map((i) => i.textContent)).toEqual(['c-bad', 'b-warn', 'a-ok', 'd-unknown']);
  });

  it("links the card and its children on with the page's other query parameters", () => {
    const children = [component({ name: 'kid' })];
    renderWithApp(
      <TopologyCard
        component={component({ children })}
        width={400}
        refererId="p1"
        carry="showHiddenComponents=yes&sortBy=name&refererId=old"
      />,
    );
    expect(screen.getByRole('link', { name: 'root' })).toHaveAttribute(
      'href',
      '/topology/root?showHiddenComponents=yes&sortBy=name&refererId=p1',
    );
    expect(screen.getByRole('link', { name: /kid$/ })).toHaveAttribute(
      'href',
      '/topology/kid?showHiddenComponents=yes&sortBy=name&refererId=p1',
    );
  });

  it('draws a red border for unhealthy and an orange one for warning', () => {
    const { rerender } = renderWithApp(
      <TopologyCard component={component({ status: 'unhealthy' })} width={400} />,
    );
    expect(screen.getByTestId('topology-card').className).toContain('border-health-unhealthy');
    rerender(<></>);
    renderWithApp(<TopologyCard component={component({ name: 'w', status: 'warning' })} width={400} />);
    expect(screen.getByRole('article', { name: 'w' }).className).toContain('border-health-warning');
  });

  it('counts incidents per type and severity, low merged into medium, each linking to the filtered list', async () => {
    const summary = {
      incidents: { availability: { high: 2, low: 1, medium: 1 }, security: { critical: 1 } },
      insights: { security: { low: 3 } },
    };
    renderWithApp(<TopologyCard component={component({ summary })} width={554} />);
    const counts = screen.getAllByTestId('incident-count');
    expect(counts.map((c) => c.textContent)).toEqual([
      'Incidents availability · high2',
      'Incidents availability · medium2',
      'Incidents security · critical1',
    ]);
    expect(counts[0]).toHaveAttribute(
      'href',
      '/incidents?type=availability&component=root&severity=high&status=all',
    );
    // Medium holds the low one too: the list is not narrowed to medium.
    expect(counts[1]).toHaveAttribute('href', '/incidents?type=availability&component=root&status=all');
    // Low insights show as medium, in orange.
    const insight = screen.getByRole('link', { name: /security · medium/ });
    expect(insight).toHaveTextContent('3');
    expect(within(insight).getByText('3').className).toContain('text-orange');
  });

  it('hides the incident counts when the incidents feature is off', async () => {
    const server = fakeServer({ '/api/properties': () => [{ name: 'incidents.disable', value: 'true' }] });
    const summary = { incidents: { availability: { high: 2 } }, checks: { healthy: 1 } };
    renderWithApp(<TopologyCard component={component({ summary })} width={554} />);
    await waitFor(() => expect(server.hrefs()).toContain('/api/properties'));
    await waitFor(() => expect(screen.queryByTestId('incident-count')).toBeNull());
    expect(screen.getByRole('link', { name: /Checks healthy/ })).toBeInTheDocument();
  });

  it("shows 6 properties and 5 summary items before 'Show more'", async () => {
    const user = userEvent.setup();
    const properties = Array.from({ length: 8 }, (_, i) => ({ name: `prop${i}`, text: `v${i}` }));
    const summary = {
      checks: { healthy: 1, unhealthy: 2, warning: 3 },
      insights: { security: { high: 1, low: 2, medium: 4 }, cost: { critical: 1 } },
    };
    renderWithApp(<TopologyCard component={component({ properties, summary })} width={554} />);
    const props = screen.getByTestId('card-properties');
    expect(within(props).getAllByText(/^prop/)).toHaveLength(6);
    await user.click(within(props).getByRole('button', { name: 'Show more' }));
    expect(within(props).getAllByText(/^prop/)).toHaveLength(8);
    const sums = screen.getByTestId('card-summaries');
    expect(within(sums).getAllByRole('link')).toHaveLength(5);
    expect(within(sums).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/health?component=root&status=healthy&hidePassing=false',
    );
    await user.click(within(sums).getByRole('button', { name: 'Show more' }));
    expect(within(sums).getAllByRole('link')).toHaveLength(6);
  });
});

function SizeHarness() {
  const [width, setWidth] = useStoredState(CARD_WIDTH_KEY, cardWidthSchema, DEFAULT_CARD_WIDTH);
  return (
    <CardSizeControls width={width} onWidth={setWidth} showHidden={false} onShowHidden={() => undefined} />
  );
}

describe('card width', () => {
  it('defaults to extra large and remembers the slider in topology_card_width', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<SizeHarness />);
    expect(screen.getByRole('slider', { name: 'Card width' })).toHaveValue('554');
    fireEvent.change(screen.getByRole('slider', { name: 'Card width' }), { target: { value: '300' } });
    expect(localStorage.getItem(CARD_WIDTH_KEY)).toBe('300');
    first.unmount();
    renderWithApp(<SizeHarness />);
    expect(screen.getByRole('slider', { name: 'Card width' })).toHaveValue('300');
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(localStorage.getItem(CARD_WIDTH_KEY)).toBe('258');
  });
});

describe('side panel', () => {
  it('keeps only one section open at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<SidePanel component={component()} />);
    const expanded = () => screen.getAllByRole('button', { expanded: true }).map((b) => b.textContent);
    expect(expanded()).toEqual(['Details']);
    await user.click(screen.getByRole('button', { name: /^Catalog/ }));
    expect(expanded()).toEqual([expect.stringMatching(/^Catalog/)]);
    await user.click(screen.getByRole('button', { name: /^Teams/ }));
    expect(expanded()).toEqual([expect.stringMatching(/^Teams/)]);
    await user.click(screen.getByRole('button', { name: /^Teams/ }));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it("counts the subtree's config items and checks on the closed sections, as the card does", async () => {
    const user = userEvent.setup();
    fakeServer({
      'GET /api/db/configs_by_component': () => [
        {
          config_id: 'x1',
          selector_id: 'spec',
          linked_component_id: 'api',
          name: 'payments-api',
          type: 'Deployment',
          deleted_at: null,
        },
        {
          config_id: 'x2',
          selector_id: 'manual',
          linked_component_id: 'root',
          name: 'ledger',
          type: 'RDS',
          deleted_at: null,
        },
      ],
      'GET /api/db/checks_by_component': () => [
        { id: 'k1', name: 'billing-api', type: 'http', status: 'unhealthy', namespace: 'payments' },
        { id: 'k2', name: 'ledger-db', type: 'sql', status: 'unhealthy', namespace: 'payments' },
        { id: 'k3', name: 'queue', type: 'tcp', status: 'unhealthy', namespace: 'payments' },
      ],
    });
    renderWithApp(<SidePanel component={component()} />);
    expect(await screen.findByRole('button', { name: /^Checks\s*3$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Catalog\s*2$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Checks\s*3$/ }));
    expect(screen.getByRole('link', { name: /billing-api/ })).toHaveAttribute('href', '/health?checkId=k1');
    await user.click(screen.getByRole('button', { name: /^Catalog\s*2$/ }));
    // Only the manual link on this component itself can be unlinked here.
    expect(screen.getAllByRole('button', { name: /Link actions/ })).toHaveLength(1);
  });

  it('lists incidents with Type and Status filters (All, open by default), each linking to the incident', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/db/incidents_by_component': () => [
        {
          id: 'i1',
          incident_id: 'INC-1',
          title: 'Ledger down',
          type: 'availability',
          severity: 'high',
          status: 'open',
          created_at: '2026-01-01T00:00:00Z',
        },
      ],
    });
    renderWithApp(<SidePanel component={component()} />);
    await user.click(screen.getByRole('button', { name: /^Incidents/ }));
    expect(await screen.findByRole('link', { name: /Ledger down/ })).toHaveAttribute('href', '/incidents/i1');
    const asked = () => server.requests.filter((r) => r.url.pathname === '/api/db/incidents_by_component');
    expect(asked()[0]?.url.searchParams.get('component_id')).toBe('eq.root');
    expect(asked()[0]?.url.searchParams.get('status')).toBe('eq.open');
    expect(asked()[0]?.url.searchParams.get('type')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'availability');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => {
      const last = asked().at(-1);
      expect(last?.url.searchParams.get('type')).toBe('eq.availability');
      expect(last?.url.searchParams.get('status')).toBeNull();
    });
  });

  it('has no Incidents section when the incidents feature is off', async () => {
    const server = fakeServer({ '/api/properties': () => [{ name: 'incidents.disable', value: 'true' }] });
    renderWithApp(<SidePanel component={component()} />);
    await waitFor(() => expect(server.hrefs()).toContain('/api/properties'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Incidents/ })).toBeNull());
    expect(screen.getByRole('button', { name: /^Changes/ })).toBeInTheDocument();
  });

  it('lists the playbook runs of the component with their status, linking to each run', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      'GET /api/db/playbook_runs': () => [
        {
          id: 'r1',
          status: 'completed',
          created_at: '2026-01-01T00:00:00Z',
          start_time: '2026-01-01T00:00:01Z',
          playbooks: { name: 'restart', title: 'Restart pod' },
        },
        {
          id: 'r2',
          status: 'sleeping',
          created_at: '2026-01-01T00:00:00Z',
          start_time: null,
          playbooks: { name: 'scale', title: null },
        },
      ],
    });
    renderWithApp(<SidePanel component={component()} />);
    await user.click(screen.getByRole('button', { name: /^Playbooks/ }));
    expect(await screen.findByRole('link', { name: /Restart pod/ })).toHaveAttribute(
      'href',
      '/playbooks/runs/r1',
    );
    expect(screen.getByRole('link', { name: /scale/ })).toHaveAttribute('href', '/playbooks/runs/r2');
    expect(screen.getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sleeping' })).toBeInTheDocument();
    const q = server.requests.find((r) => r.url.pathname === '/api/db/playbook_runs');
    expect(q?.url.searchParams.get('component_id')).toBe('eq.root');
  });
});
