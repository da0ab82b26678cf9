import { permissionsFor, playbookSpecJsonSchema } from '@opsdeck/shared';
import { fakeServer, json, type Route } from '../../../test/fakeServer.js';

export const PB_ID = '11111111-1111-4111-8111-111111111111';
export const RUN_ID = '22222222-2222-4222-8222-222222222222';
export const CHECK_ID = '33333333-3333-4333-8333-333333333333';

/** A playbook row. */
export function playbook(over: Record<string, unknown> = {}) {
  return {
    id: PB_ID,
    name: 'restart-pod',
    title: 'Restart pod',
    icon: 'kubernetes',
    category: 'Kubernetes',
    description: 'Restarts the pod',
    source: 'UI',
    spec: {
      checks: [{ types: ['http'] }],
      parameters: [{ name: 'greeting', label: 'Greeting', default: 'hi' }],
      actions: [{ name: 'say', exec: { script: 'echo hi' } }],
    },
    ...over,
  };
}

/** A run as the detail page reads it. */
export function run(over: Record<string, unknown> = {}) {
  return {
    id: RUN_ID,
    playbook_id: PB_ID,
    status: 'running',
    created_at: '2026-11-01T10:00:00Z',
    start_time: '2026-11-01T10:00:01Z',
    end_time: null,
    scheduled_time: '2026-11-01T10:00:00Z',
    trigger: 'api',
    error: null,
    check_id: CHECK_ID,
    config_id: null,
    component_id: null,
    parameters: { greeting: 'hello' },
    spec: playbook().spec,
    playbooks: {
      id: PB_ID,
      name: 'restart-pod',
      title: 'Restart pod',
      icon: 'kubernetes',
      spec: playbook().spec,
    },
    check: { id: CHECK_ID, name: 'api-health', icon: 'http' },
    created_by: { id: 'p1', name: 'Maya Okafor', avatar: null },
    playbook_approvals: [],
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
    // The spec form's fields, as the server serves them.
    'GET /api/schemas/playbook-spec.schema.json': () => playbookSpecJsonSchema(),
    ...routes,
  });
}
