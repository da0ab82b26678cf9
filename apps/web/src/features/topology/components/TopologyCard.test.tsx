import { fireEvent, screen, within } from '@testing-library/react';
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

  it('draws a red border for unhealthy and an orange one for warning', () => {
    const { rerender } = renderWithApp(
      <TopologyCard component={component({ status: 'unhealthy' })} width={400} />,
    );
    expect(screen.getByTestId('topology-card').className).toContain('border-health-unhealthy');
    rerender(<></>);
    renderWithApp(<TopologyCard component={component({ name: 'w', status: 'warning' })} width={400} />);
    expect(screen.getByRole('article', { name: 'w' }).className).toContain('border-health-warning');
  });

  it("shows 6 properties and 5 summary items before 'Show more'", async () => {
    const user = userEvent.setup();
    const properties = Array.from({ length: 8 }, (_, i) => ({ name: `prop${i}`, text: `v${i}` }));
    const summary = {
      checks: { healthy: 1, unhealthy: 2, warning: 3 },
      insights: { security: { high: 1, low: 2, medium: 4 } },
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
