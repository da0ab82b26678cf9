import { permissionsFor } from '@opsdeck/shared';
import { fakeServer, json, type FakeRequest, type Route } from '../../../test/fakeServer.js';

export const CHECK_ID = '11111111-1111-4111-8111-111111111111';
export const RULE_ID = '22222222-2222-4222-8222-222222222222';

/** A history row as notification_send_history_summary returns it. */
export function historyRow(over: Record<string, unknown> = {}) {
  return {
    id: 'h1',
    notification_id: RULE_ID,
    notification_name: 'api-down',
    created_at: '2026-11-01T10:00:00Z',
    first_observed: '2026-11-01T09:00:00Z',
    count: 1,
    source_event: 'check.failed',
    resource_id: CHECK_ID,
    resource_type: 'check',
    resource: { id: CHECK_ID, name: 'api-health', type: 'http' },
    status: 'sent',
    recipient: 'oncall@example.com',
    person_id: null,
    silenced_by: null,
    not_before: null,
    error: null,
    duration_millis: 120,
    ...over,
  };
}

/** Rows with a Content-Range total, as the data API answers a counted list. */
export function counted(rows: unknown[], total = rows.length) {
  return json(rows, { headers: { 'content-range': `0-${Math.max(rows.length - 1, 0)}/${total}` } });
}

/** The fake server with a signed-in user of the given roles, plus the routes of one test. */
export function serve(roles: string[], routes: Record<string, Route>) {
  return fakeServer({
    '/api/about': () => ({ version: 'test' }),
    '/api/auth/whoami': () => ({
      payload: { user: { id: 'u1', name: 'Admin' }, roles, permissions: permissionsFor(roles) },
    }),
    'GET /api/properties': () => [],
    ...routes,
  });
}

/** The `eq.` value of a PostgREST filter parameter. */
export function eqParam(req: FakeRequest, name: string): string | undefined {
  return req.url.searchParams.get(name)?.replace(/^eq\./, '');
}
