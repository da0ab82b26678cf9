import { startJsonPeer, type JsonPeer } from './ticketing-plumbing.js';

/**
 * A loopback Microsoft Graph answering the v1.0 Planner shapes: GET
 * /v1.0/groups/{group}/planner/plans and /v1.0/me/planner/plans (`{ value: [...] }`), GET
 * /v1.0/planner/plans/{plan}/buckets and POST /v1.0/planner/tasks. Every request must carry
 * `Bearer {token}`.
 */
export type GraphPeer = JsonPeer & { token: string; group: string };

export const PLANNER_PLANS = [
  { id: 'plan-ops', title: 'Operations board' },
  { id: 'plan-pay', title: 'Payments board' },
];
const BUCKETS: Record<string, { id: string; name: string }[]> = {
  'plan-ops': [
    { id: 'bucket-todo', name: 'To do' },
    { id: 'bucket-doing', name: 'In progress' },
  ],
  'plan-pay': [{ id: 'bucket-triage', name: 'Triage' }],
};

export async function startGraph(token = 'graph-token', group = 'group-1'): Promise<GraphPeer> {
  let tasks = 0;
  const peer = await startJsonPeer(`Bearer ${token}`, (req, url) => {
    const path = url.pathname;
    if (
      req.method === 'GET' &&
      (path === `/v1.0/groups/${group}/planner/plans` || path === '/v1.0/me/planner/plans')
    )
      return { status: 200, body: { '@odata.context': 'plans', value: PLANNER_PLANS } };
    const buckets = /^\/v1\.0\/planner\/plans\/([^/]+)\/buckets$/.exec(path);
    if (req.method === 'GET' && buckets) {
      const plan = decodeURIComponent(buckets[1] ?? '');
      const found = BUCKETS[plan];
      return found
        ? { status: 200, body: { value: found.map((b) => ({ ...b, planId: plan })) } }
        : { status: 404, body: { error: { code: 'NotFound', message: 'plan not found' } } };
    }
    if (req.method === 'POST' && path === '/v1.0/planner/tasks') {
      tasks += 1;
      return { status: 201, body: { id: `task-${tasks}`, ...(req.body as object) } };
    }
    return undefined;
  });
  return { ...peer, token, group };
}
