import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fakeServer.js';
import { fetchDashboardPage } from './api/dashboard.js';
import { startDashboardEarly } from './early.js';
import { DASHBOARD_FIRST_ROWS, dashboardRequest, parseHealthParams } from './lib/healthParams.js';
import { serverWindow } from './lib/timeRange.js';

const page = { total: 0, passing: 0, failing: 0, tabs: [], labels: [], groups: [], checks: [] };

/** What the dashboard page asks for first, opened at `search` (HealthPage). */
function pageRequest(search: string) {
  const p = parseHealthParams(new URLSearchParams(search));
  return dashboardRequest(p, serverWindow(p.timeRange), DASHBOARD_FIRST_ROWS);
}

describe("the dashboard's first page asked for by the entry module", () => {
  it('is sent once: the page’s own first request takes the early answer', async () => {
    const server = fakeServer({ '/api/health/dashboard': () => page });
    const search = '?hidePassing=false&groupBy=no_group&timeRange=1d&labels=env%3Dprod%3A1';
    startDashboardEarly(search);
    expect(server.hrefs()).toEqual([
      '/api/health/dashboard?window=1440m&tab_by=namespace&tab=All&labels=%7B%22env%3Dprod%22%3A1%7D&hide_passing=false&group_by=no_group&sort=name&desc=false&limit=200',
    ]);
    await expect(fetchDashboardPage(pageRequest(search))).resolves.toMatchObject({ total: 0 });
    expect(server.hrefs()).toHaveLength(1);
    // Taken once: the next refresh asks the server.
    await fetchDashboardPage(pageRequest(search));
    expect(server.hrefs()).toHaveLength(2);
  });

  it('is not taken by a page that asks for something else', async () => {
    const server = fakeServer({ '/api/health/dashboard': () => page });
    startDashboardEarly('');
    await fetchDashboardPage(pageRequest('?tab=shop'));
    expect(server.hrefs()).toHaveLength(2);
    expect(server.hrefs()[1]).toContain('tab=shop');
  });
});
