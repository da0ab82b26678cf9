import { permissionsFor } from '@opsdeck/shared';
import { fakeServer, json, type Route } from '../../../test/fakeServer.js';

export const INC_ID = '33333333-3333-4333-8333-333333333333';
export const PERSON = { id: 'p1', name: 'Maya Okafor', avatar: null };

/** A row of incident_summary. */
export function incidentRow(over: Record<string, unknown> = {}) {
  return {
    id: INC_ID,
    incident_id: 'INC-1',
    title: 'API latency',
    description: null,
    type: 'availability',
    severity: 'high',
    status: 'open',
    incident_rule_id: null,
    created_by: 'p1',
    commander_id: 'p1',
    communicator_id: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    resolved: null,
    closed: null,
    commander: PERSON,
    responders: [],
    hypotheses_count: 0,
    comments_count: 0,
    ...over,
  };
}

/** An incident as the detail page's embedded select returns it. */
export function incident(over: Record<string, unknown> = {}) {
  return {
    ...incidentRow(),
    responders: [],
    communicator: null,
    hypotheses: [
      {
        id: 'h1',
        incident_id: INC_ID,
        parent_id: null,
        type: 'root',
        title: 'API latency',
        status: 'possible',
        comments: [],
        evidences: [
          {
            id: 'e1',
            hypothesis_id: 'h1',
            type: 'check',
            description: 'api-health check',
            definition_of_done: true,
            done: false,
            script: 'check.status == "healthy"',
            script_result: 'false',
          },
          {
            id: 'e2',
            hypothesis_id: 'h1',
            type: 'log',
            description: 'error logs',
            definition_of_done: false,
            done: false,
            script: null,
            script_result: null,
          },
        ],
      },
    ],
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
    'GET /api/db/people': () => [PERSON, { id: 'p2', name: 'Jon Park', avatar: null }],
    ...routes,
  });
}
