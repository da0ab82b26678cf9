import { permissionsFor } from '@opsdeck/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Route } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { NO_COMPONENT_TEXT, NO_LOGS_TEXT, LogsPage } from './LogsPage.js';

const CHECKOUT = '11111111-1111-4111-8111-111111111111';
const COMPONENTS = [
  {
    id: CHECKOUT,
    name: 'Checkout',
    icon: 'http',
    type: 'Website',
    logs: [{ name: 'access' }, { name: 'error' }],
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'web-pod',
    icon: 'pod',
    type: 'Pod',
    logs: [{ name: 'container' }],
  },
];
const LINES = [
  { timestamp: '2026-11-01T10:00:00Z', message: 'GET /checkout 200', labels: { app: 'nginx' } },
  {
    timestamp: '2026-11-01T10:00:05Z',
    message: 'upstream "http://10.0.7.15:8080/pay" failed javascript://alert(1)',
    labels: { app: 'nginx', path: '/data/files/demo-logs/nginx-error.log' },
  },
];

function serve(routes: Record<string, Route>, properties: unknown[] = []) {
  return fakeServer({
    '/api/about': () => ({ version: 'test' }),
    '/api/auth/whoami': () => ({
      payload: {
        user: { id: 'u1', name: 'Viewer' },
        roles: ['viewer'],
        permissions: permissionsFor(['viewer']),
      },
    }),
    'GET /api/properties': () => properties,
    'GET /api/db/components_with_logs': () => COMPONENTS,
    ...routes,
  });
}

const logRequests = (server: ReturnType<typeof serve>) =>
  server.requests.filter((r) => r.url.pathname === '/api/logs');

describe('/logs', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: give the table's scroll box (and rows) a height so virtual rows draw.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for a component first, offering those with log selectors', async () => {
    const server = serve({});
    renderWithApp(<LogsPage />, { url: '/logs' });
    expect(await screen.findByText(NO_COMPONENT_TEXT)).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Component' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['none', 'Checkout', 'web-pod']),
    );
    expect(screen.queryByRole('combobox', { name: 'Selector' })).toBeNull();
    expect(logRequests(server)).toHaveLength(0);
  });

  it("shows a component's lines newest first with its first selector, links only for http(s)", async () => {
    const server = serve({ 'POST /api/logs': () => ({ total: 2, results: LINES }) });
    renderWithApp(<LogsPage />, { url: `/logs?topologyId=${CHECKOUT}` });
    const link = await screen.findByRole('link', { name: 'http://10.0.7.15:8080/pay' });
    expect(link).toHaveAttribute('href', 'http://10.0.7.15:8080/pay');
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('upstream');
    expect(rows[1]).toHaveTextContent('GET /checkout 200');
    expect(rows[0]).toHaveTextContent('path: /data/files/demo-logs/nginx-error.log');
    expect(logRequests(server)[0]?.body).toEqual({ id: CHECKOUT, name: 'access', query: '', start: '15m' });
    expect(screen.getByRole('combobox', { name: 'Selector' })).toHaveValue('access');
  });

  it('writes the search to the URL after 500 ms and searches with it; the selector and start too', async () => {
    const user = userEvent.setup();
    const server = serve({ 'POST /api/logs': () => ({ total: 0, results: [] }) });
    const app = renderWithApp(<LogsPage />, { url: `/logs?topologyId=${CHECKOUT}` });
    expect(await screen.findByText(NO_LOGS_TEXT)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search logs' }), 'timeout');
    expect(app.location().searchParams.get('query')).toBeNull();
    await waitFor(() => expect(app.location().searchParams.get('query')).toBe('timeout'), { timeout: 2000 });
    await waitFor(() => expect(logRequests(server).at(-1)?.body).toMatchObject({ query: 'timeout' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Selector' }), 'error');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Start' }), '1h');
    expect(app.location().searchParams.get('logsSelector')).toBe('error');
    expect(app.location().searchParams.get('start')).toBe('1h');
    await waitFor(() =>
      expect(logRequests(server).at(-1)?.body).toEqual({
        id: CHECKOUT,
        name: 'error',
        query: 'timeout',
        start: '1h',
      }),
    );
  });

  it('shows the server error, e.g. an unknown selector', async () => {
    serve({
      'POST /api/logs': () =>
        new Response(
          JSON.stringify({
            error: "log selector with the name 'audit' was not found. Available names: [access, error]",
          }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderWithApp(<LogsPage />, { url: `/logs?topologyId=${CHECKOUT}&logsSelector=audit` });
    expect(await screen.findByText(/log selector with the name 'audit' was not found/)).toBeInTheDocument();
  });

  it('is not offered when the logs feature is disabled', async () => {
    serve({}, [{ name: 'logs.disable', value: 'true' }]);
    renderWithApp(<LogsPage />, { url: '/logs' });
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
  });
});
