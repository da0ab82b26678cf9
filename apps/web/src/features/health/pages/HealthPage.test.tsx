import { permissionsFor } from '@opsdeck/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type FakeRequest } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { healthKeys } from '../api/keys.js';
import { HealthPage } from './HealthPage.js';

const summary = {
  checks_summary: [
    {
      id: 'a',
      canary_id: 'c',
      canary_name: 'web',
      name: 'home',
      namespace: 'prod',
      status: 'healthy',
      uptime: { passed: 10, failed: 0 },
      latency: { p95: 12, rolling1h: 10 },
    },
    {
      id: 'b',
      canary_id: 'c',
      canary_name: 'web',
      name: 'login',
      namespace: 'prod',
      status: 'unhealthy',
      uptime: { passed: 1, failed: 9 },
      latency: { p95: 900, rolling1h: 800 },
    },
  ],
};

type Check = (typeof summary.checks_summary)[number] & { agent_id?: string };

/**
 * What GET /api/health/dashboard answers for these checks, for the parameters these tests
 * send (the server's own filtering is tested in apps/server/test/health/dashboard.test.ts).
 */
function dashboard(checks: Check[]) {
  return ({ url }: FakeRequest) => {
    const q = url.searchParams;
    const tabOf = (c: Check) => (q.get('tab_by') === 'agent_id' ? c.agent_id : c.namespace) ?? 'none';
    const search = (q.get('query') ?? '').toLowerCase();
    const matching = checks.filter(
      (c) =>
        (q.get('tab') === 'All' || tabOf(c) === q.get('tab')) &&
        c.name.includes(search) &&
        (!q.get('status') || c.status === q.get('status')) &&
        (!q.get('component') || c.id === 'a'),
    );
    const visible =
      q.get('hide_passing') === 'true' ? matching.filter((c) => c.status !== 'healthy') : matching;
    const tabs = new Map<string, number>();
    for (const c of checks) tabs.set(tabOf(c), (tabs.get(tabOf(c)) ?? 0) + 1);
    const passing = matching.filter((c) => c.status === 'healthy').length;
    const groups =
      q.get('group_by') === 'no_group' || visible.length === 0
        ? []
        : [
            {
              key: 'web',
              count: visible.length,
              health: visible.every((c) => c.status === visible[0]?.status) ? visible[0]!.status : 'mixed',
              passed: visible.reduce((n, c) => n + c.uptime.passed, 0),
              failed: visible.reduce((n, c) => n + c.uptime.failed, 0),
              latency: 800,
              last_transition_time: null,
            },
          ];
    return {
      total: visible.length,
      passing,
      failing: matching.length - passing,
      tabs: [...tabs].map(([value, count]) => ({ value, count })),
      labels: [],
      groups,
      checks: visible,
    };
  };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  // happy-dom has no layout: give the table's scroll box a height so virtual rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  server = fakeServer({
    '/api/db/components': () => [{ id: 'c1', name: 'checkout' }],
    '/api/health/dashboard': dashboard(summary.checks_summary),
  });
});
afterEach(() => vi.restoreAllMocks());

describe('health dashboard', () => {
  it('names the tabs by agent after the agents, the local one as local', async () => {
    const agentId = 'a1a1a1a1-0000-4000-8000-000000000000';
    const [home, login] = summary.checks_summary;
    fakeServer({
      '/api/db/agents': () => [{ id: agentId, name: 'edge-eu' }],
      '/api/health/dashboard': dashboard([
        { ...home!, agent_id: agentId },
        { ...login!, agent_id: '00000000-0000-0000-0000-000000000000' },
      ]),
    });
    renderWithApp(<HealthPage />, { url: '/health?hidePassing=false&tabBy=agent_id' });
    const tabs = within(await screen.findByRole('tablist', { name: 'Check tabs' }));
    await waitFor(() =>
      expect(tabs.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All2', 'local1', 'edge-eu1']),
    );
  });

  it("badges checks pushed by an agent with the agent's name, in the table and the cards", async () => {
    const agentId = 'a1a1a1a1-0000-4000-8000-000000000000';
    const [home, login] = summary.checks_summary;
    fakeServer({
      '/api/db/agents': () => [{ id: agentId, name: 'edge-eu' }],
      '/api/health/dashboard': dashboard([
        { ...home!, agent_id: agentId },
        { ...login!, agent_id: '00000000-0000-0000-0000-000000000000' },
      ]),
    });
    const user = userEvent.setup();
    renderWithApp(<HealthPage />, { url: '/health?hidePassing=false' });
    const remote = (await screen.findByText('home')).parentElement;
    expect(remote && (await within(remote).findByText('edge-eu'))).toBeInTheDocument();
    expect(screen.getAllByText('edge-eu')).toHaveLength(1);
    await user.click(screen.getByRole('radio', { name: /card/i }));
    expect(await screen.findAllByText('edge-eu')).toHaveLength(1);
  });

  it('hides passing checks by default and counts passing and failing', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health' });
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(screen.queryByText('home')).toBeNull();
    expect(screen.getByTestId('passing-count')).toHaveTextContent('1');
    expect(screen.getByTestId('failing-count')).toHaveTextContent('1');
    await user.click(screen.getByRole('switch', { name: 'Hide Passing' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(r.location().searchParams.get('hidePassing')).toBe('false');
    // Both checks of the group 'web' now show, so the group's health is mixed.
    expect(screen.getAllByRole('img', { name: 'mixed' }).length).toBeGreaterThan(0);
  });

  it('drives the summary refetch from the chosen refresh rate, stored locally', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health?timeRange=15m' });
    await screen.findByText('login');
    const query = () =>
      r.queryClient.getQueryCache().findAll({ queryKey: [...healthKeys.all, 'dashboard'] })[0];
    expect(query()?.observers[0]?.options.refetchInterval).toBe(false);
    await user.click(screen.getByRole('button', { name: /^Refresh rate:/ }));
    await user.click(within(await screen.findByRole('menu')).getByText('15s'));
    await waitFor(() => expect(query()?.observers[0]?.options.refetchInterval).toBe(15_000));
    expect(window.localStorage.getItem('opsdeck.refreshRate.health')).toContain('15s');
    expect(server.hrefs().some((u) => u.includes('/api/health/dashboard?window=15m'))).toBe(true);
  });

  it('shows only the checks of a component when linked from a topology card, until cleared', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health?component=c1&status=healthy&hidePassing=false' });
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(screen.getByTestId('component-filter')).toHaveTextContent('Component: checkout');
    expect(screen.queryByText('login')).toBeNull();
    // The server picks the component's checks (and those of the components below it).
    expect(server.hrefs()).toContainEqual(expect.stringMatching(/\/api\/health\/dashboard\?.*component=c1/));
    await user.click(screen.getByRole('button', { name: 'Clear component filter' }));
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(r.location().searchParams.get('component')).toBeNull();
    expect(r.location().searchParams.get('status')).toBeNull();
  });
  it("on a phone, keeps the filters in a drawer that the 'Filters' button opens and Close shuts", async () => {
    // Below the md breakpoint (767.98 px) every max-width query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width:\s*767\.98px/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health' });
    await screen.findByText('login');
    expect(screen.queryByRole('complementary', { name: 'Health filters' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('switch', { name: 'Hide Passing' }));
    expect(r.location().searchParams.get('hidePassing')).toBe('false');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it('on a wide screen, shows the filter panel beside the checks and no Filters button', async () => {
    renderWithApp(<HealthPage />, { url: '/health' });
    await screen.findByText('login');
    expect(screen.getByRole('complementary', { name: 'Health filters' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
  });

  it('says when Hide Passing hid every matching check, and shows them on request', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health?query=home' });
    expect(
      await screen.findByText('The 1 matching check is passing — hidden by Hide Passing'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show passing checks' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(r.location().searchParams.get('hidePassing')).toBe('false');
  });

  it('searches 400 ms after the last key: the URL and the rows follow the typed text once it rests', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health?hidePassing=false' });
    await screen.findByText('home');
    await user.type(screen.getByRole('searchbox', { name: 'Search checks' }), 'log');
    // Right after the keys nothing has been filtered yet.
    expect(r.location().searchParams.get('query')).toBeNull();
    expect(screen.getByText('home')).toBeInTheDocument();
    await waitFor(() => expect(r.location().searchParams.get('query')).toBe('log'));
    await waitFor(() => expect(screen.queryByText('home')).toBeNull());
    expect(screen.getByText('login')).toBeInTheDocument();
  });

  it('keeps the plain empty state when the search matches nothing', async () => {
    renderWithApp(<HealthPage />, { url: '/health?query=nothing-like-this' });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show passing checks' })).toBeNull();
  });

  it('queries the chosen time range, keeps it in the URL and names it in the Uptime header', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health' });
    await screen.findByText('login');
    expect(screen.getByRole('columnheader', { name: /Uptime/ })).toHaveTextContent('Uptime (last 1 h)');
    const range = screen.getByRole('combobox', { name: 'Time Range' });
    expect([...range.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      '1h',
      '6h',
      '24h',
      '7d',
    ]);
    await user.selectOptions(range, '24h');
    expect(r.location().searchParams.get('timeRange')).toBe('1d');
    await waitFor(() =>
      expect(server.hrefs().some((u) => u.includes('/api/health/dashboard?window=1440m'))).toBe(true),
    );
    expect(screen.getByRole('columnheader', { name: /Uptime/ })).toHaveTextContent('Uptime (last 24 h)');
  });

  it('reads the time range from the URL, so a reload keeps it', async () => {
    renderWithApp(<HealthPage />, { url: '/health?timeRange=1w' });
    await screen.findByText('login');
    expect(screen.getByRole('combobox', { name: 'Time Range' })).toHaveValue('1w');
    expect(server.hrefs().some((u) => u.includes('/api/health/dashboard?window=10080m'))).toBe(true);
    expect(screen.getByRole('button', { name: /^Refresh rate:/ })).toHaveTextContent('Refresh rate:');
  });
  it('colours uptime green at 100 % and orange when over 75 % of the runs failed', async () => {
    renderWithApp(<HealthPage />, { url: '/health?hidePassing=false&groupBy=no_group' });
    await screen.findByText('home');
    const [home, login] = screen.getAllByTestId('uptime');
    expect(home).toHaveTextContent('100%');
    expect(home).toHaveClass('text-health-healthy');
    expect(login).toHaveTextContent('10%');
    // 90 % of its runs failed: above 75 (orange), not above 90 (red).
    expect(login).toHaveClass('text-health-warning');
  });

  it('resets the time range to 1h when the check panel closes', async () => {
    const user = userEvent.setup();
    const r = renderWithApp(<HealthPage />, { url: '/health?timeRange=6h' });
    await user.click(await screen.findByText('login'));
    expect(r.location().searchParams.get('checkId')).toBe('b');
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(r.location().searchParams.get('checkId')).toBeNull();
    // 1h is the default: it leaves the URL.
    expect(r.location().searchParams.has('timeRange')).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Time Range' })).toHaveValue('1h');
  });

  const signedInAs = (role: string, checks: Check[]) =>
    fakeServer({
      '/api/about': () => ({ version: '1', appMode: 'full', authMode: 'builtin' }),
      '/api/auth/whoami': () => ({
        payload: { user: { id: 'u1', name: 'Sam' }, roles: [role], permissions: permissionsFor([role]) },
      }),
      '/api/health/dashboard': dashboard(checks),
    });

  it('offers an editor Add Health Check in the header, and the first check on an empty console', async () => {
    signedInAs('editor', []);
    renderWithApp(<HealthPage />, { url: '/health' });
    expect(await screen.findByTestId('no-checks')).toHaveTextContent('No health checks yet');
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Add Health Check' })).toHaveLength(2));
    for (const link of screen.getAllByRole('link', { name: 'Add Health Check' })) {
      expect(link).toHaveAttribute('href', '/settings/canaries/new');
    }
  });

  it('tells a viewer the console has no checks, offering nothing to add', async () => {
    signedInAs('viewer', []);
    renderWithApp(<HealthPage />, { url: '/health' });
    expect(await screen.findByTestId('no-checks')).toHaveTextContent('No health checks yet');
    expect(screen.queryByRole('link', { name: 'Add Health Check' })).toBeNull();
  });

  it('does not say there are no checks when a search emptied the list', async () => {
    signedInAs('editor', summary.checks_summary);
    const user = userEvent.setup();
    renderWithApp(<HealthPage />, { url: '/health?hidePassing=false' });
    await screen.findByText('login');
    await user.type(screen.getByRole('searchbox', { name: 'Search checks' }), 'nothing');
    await waitFor(() => expect(screen.queryByText('login')).toBeNull());
    expect(screen.queryByTestId('no-checks')).toBeNull();
    // The header's link stays.
    expect(screen.getAllByRole('link', { name: 'Add Health Check' })).toHaveLength(1);
  });

  it('pivots by namespace from the filter panel: a row per check, a column per namespace, the chosen cell type', async () => {
    const user = userEvent.setup();
    const [home, login] = summary.checks_summary;
    fakeServer({
      '/api/health/dashboard': dashboard([
        home!,
        { ...home!, id: 'a2', namespace: 'dev', status: 'unhealthy', uptime: { passed: 3, failed: 1 } },
        login!,
      ]),
    });
    const r = renderWithApp(<HealthPage />, { url: '/health?hidePassing=false&groupBy=no_group' });
    await screen.findByText('login');
    const panel = within(screen.getByRole('complementary', { name: 'Health filters' }));
    expect(panel.queryByRole('combobox', { name: 'Cell Type' })).toBeNull();

    await user.selectOptions(panel.getByRole('combobox', { name: 'Pivot By' }), 'namespace');
    await waitFor(() => expect(r.location().searchParams.get('pivotBy')).toBe('namespace'));
    expect(r.location().searchParams.get('pivotCellType')).toBe('uptime');
    expect(await screen.findByRole('columnheader', { name: /^dev/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^prod/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Health/ })).toBeNull();
    // 'home' runs in both namespaces: one row, a cell in each column.
    expect(screen.getByRole('button', { name: 'home in dev' })).toHaveTextContent('75%');
    expect(screen.getByRole('button', { name: 'home in prod' })).toHaveTextContent('100%');
    expect(screen.queryByRole('button', { name: 'login in dev' })).toBeNull();

    await user.selectOptions(panel.getByRole('combobox', { name: 'Cell Type' }), 'latency');
    await waitFor(() => expect(r.location().searchParams.get('pivotCellType')).toBe('latency'));
    expect(screen.getByRole('button', { name: 'login in prod' })).toHaveTextContent('800ms');
    await user.selectOptions(panel.getByRole('combobox', { name: 'Cell Type' }), 'checkStatuses');
    expect(await screen.findByRole('button', { name: 'home in dev' })).toHaveTextContent('unhealthy');

    await user.click(screen.getByRole('button', { name: 'home in dev' }));
    await waitFor(() => expect(r.location().searchParams.get('checkId')).toBe('a2'));
  });

  it('pivots by a label from the URL, offers the label keys, and leaves the pivot with None', async () => {
    const user = userEvent.setup();
    const [home, login] = summary.checks_summary;
    const labelled = dashboard([
      { ...home!, labels: { region: 'eu' } } as Check,
      { ...login!, labels: { region: 'us' } } as Check,
    ]);
    fakeServer({
      '/api/health/dashboard': (req: FakeRequest) => ({
        ...(labelled(req) as object),
        labels: [{ key: 'region', values: ['eu', 'us'] }],
      }),
    });
    const r = renderWithApp(<HealthPage />, {
      url: '/health?hidePassing=false&pivotBy=labels&pivotLabel=region&pivotCellType=uptime',
    });
    // Grouped by Group Name (the default): the group 'web' is one row, its checks split by region.
    expect(await screen.findByRole('button', { name: 'web in eu' })).toHaveTextContent('100%');
    expect(screen.getByRole('button', { name: 'web in us' })).toHaveTextContent('10%');
    const panel = within(screen.getByRole('complementary', { name: 'Health filters' }));
    expect(panel.getByRole('combobox', { name: 'Pivot Label' })).toHaveValue('region');

    await user.selectOptions(panel.getByRole('combobox', { name: 'Pivot By' }), 'none');
    await waitFor(() => expect(r.location().searchParams.get('pivotBy')).toBeNull());
    expect(r.location().searchParams.get('pivotLabel')).toBeNull();
    expect(r.location().searchParams.get('pivotCellType')).toBeNull();
    expect(await screen.findByRole('columnheader', { name: /^Health/ })).toBeInTheDocument();
  });
});
