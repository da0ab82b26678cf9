import { startEarly } from '../../api/http.js';
import { DASHBOARD_PATH, dashboardQueryOf } from './api/dashboardQuery.js';
import { DASHBOARD_FIRST_ROWS, dashboardRequest, parseHealthParams } from './lib/healthParams.js';
import { serverWindow } from './lib/timeRange.js';

/**
 * The dashboard's first page, asked for by the entry module (main.tsx) when the app opens on
 * /health: it leaves with the session's requests instead of after the app's code and the page's
 * own (issue 39: at 100k checks the answer was the page's longest wait). The page's request
 * for the same URL takes this answer (http.ts, startEarly).
 */
export function startDashboardEarly(search: string): void {
  const params = new URLSearchParams(search);
  const p = parseHealthParams(params);
  const rows = Number.parseInt(params.get('pageSize') ?? '', 10);
  const first = dashboardRequest(p, serverWindow(p.timeRange), rows > 0 ? rows : DASHBOARD_FIRST_ROWS);
  startEarly(DASHBOARD_PATH, dashboardQueryOf(first));
}
