import { permissionsFor } from '@opsdeck/shared';
import { fakeServer, type FakeRequest, type Route } from '../../../../test/fakeServer.js';
import type { Comment, Evidence, Hypothesis, IncidentDetail, Responder } from '../types.js';

/** The fake server with a signed-in user of the given roles, plus the routes of one test. */
export function serve(roles: string[], routes: Record<string, Route> = {}) {
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

/** The writes (non-GET data-API requests) the app made. */
export function writes(requests: FakeRequest[]): FakeRequest[] {
  return requests.filter((r) => r.method !== 'GET' && r.url.pathname.startsWith('/api/db/'));
}

export function evidence(id: string, over: Partial<Evidence> = {}): Evidence {
  return {
    id,
    hypothesis_id: 'h-root',
    type: 'log',
    description: `evidence ${id}`,
    definition_of_done: false,
    done: false,
    script: null,
    ...over,
  };
}

export function comment(id: string, over: Partial<Comment> = {}): Comment {
  return {
    id,
    incident_id: 'i1',
    hypothesis_id: 'h-root',
    comment: `comment ${id}`,
    created_by: 'p1',
    created_at: '2026-11-01T10:00:00Z',
    ...over,
  };
}

export function hypothesis(id: string, over: Partial<Hypothesis> = {}): Hypothesis {
  return {
    id,
    incident_id: 'i1',
    parent_id: null,
    type: 'root',
    title: `hypothesis ${id}`,
    status: 'possible',
    evidences: [],
    comments: [],
    ...over,
  };
}

export function responder(id: string, over: Partial<Responder> = {}): Responder {
  return {
    id,
    incident_id: 'i1',
    team_id: null,
    person_id: 'p1',
    properties: { responderType: 'person' },
    status: null,
    error: null,
    created_at: '2026-11-01T10:00:00Z',
    acknowledge_time: null,
    signoff_time: null,
    close_time: null,
    deleted_at: null,
    person: { id: 'p1', name: 'Priya Raman', avatar: null },
    team: null,
    ...over,
  };
}

/** root → factor → solution, with log evidence on the root. */
export function incident(over: Partial<IncidentDetail> = {}): IncidentDetail {
  return {
    id: 'i1',
    incident_id: 'INC-1',
    title: 'API is down',
    status: 'open',
    type: 'availability',
    severity: 'low',
    created_at: '2026-11-01T10:00:00Z',
    hypotheses: [
      hypothesis('h-root', { title: 'Database overloaded' }),
      hypothesis('h-factor', { parent_id: 'h-root', type: 'factor', title: 'Slow queries' }),
      hypothesis('h-solution', { parent_id: 'h-factor', type: 'solution', title: 'Add an index' }),
    ],
    responders: [],
    ...over,
  };
}
