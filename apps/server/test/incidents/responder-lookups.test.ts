import type { Role } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { incidentsDomain } from '../../src/incidents/index.js';
import { call, createConnection } from '../connections/helpers.js';
import { testOptions } from '../events/context.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { startJira, type JiraPeer } from '../peers/jira.js';
import { startGraph, type GraphPeer } from '../peers/ms-graph.js';

type Options = { options: { value: string; label: string }[] };

describe.each(DB_KINDS)('Jira and Microsoft Planner responder lookups on %s', (kind) => {
  let server: TestServer;
  let jira: JiraPeer;
  let graph: GraphPeer;
  const users = {} as Record<Role, SignedIn>;
  let jiraId: string;
  let plannerId: string;
  let teamId: string;

  beforeAll(async () => {
    [server, jira, graph] = await Promise.all([
      startTestServer(kind, {}, { AUTH_MODE: 'builtin' }),
      startJira(),
      startGraph(),
    ]);
    for (const role of ['admin', 'responder', 'viewer'] as const) users[role] = await signIn(server, role);
    jiraId = await createConnection(server, users.admin, {
      name: 'jira-cloud',
      type: 'jira',
      url: jira.url,
      username: jira.user,
      password: jira.token,
    });
    plannerId = await createConnection(server, users.admin, {
      name: 'planner',
      type: 'ms_planner',
      url: graph.url,
      password: graph.token,
      properties: { group_id: graph.group },
    });
    const team = await call(server, users.admin, '/api/db/teams', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        name: 'Platform',
        spec: {
          responder_clients: { jira: { connection: 'connection://default/jira-cloud' }, ms_planner: {} },
        },
      },
    });
    teamId = (team.json as { id: string }[])[0]!.id;
  });
  afterAll(async () => {
    await Promise.all([server?.close(), jira?.stop(), graph?.stop()]);
  });

  const get = (who: Role, path: string) => call(server, users[who], path);
  const labels = (json: unknown) => (json as Options).options.map((o) => o.label);

  it("lists a kind's instances by name and starts on the team's own, or on the only one", async () => {
    await createConnection(server, users.admin, {
      name: 'jira-onprem',
      type: 'jira',
      url: jira.url,
      username: 'x',
      password: 'y',
    });
    const forTeam = await get('responder', `/api/incidents/responder-instances?kind=jira&team_id=${teamId}`);
    expect(forTeam.status, forTeam.text).toBe(200);
    expect(forTeam.json).toEqual({
      instances: [
        { id: jiraId, name: 'jira-cloud', namespace: 'default' },
        expect.objectContaining({ name: 'jira-onprem' }),
      ],
      selected: jiraId,
    });
    // No secret or URL of the connection is in the answer.
    expect(forTeam.text).not.toContain(jira.url);
    const searched = await get('responder', '/api/incidents/responder-instances?kind=jira&search=onprem');
    expect((searched.json as { instances: { name: string }[] }).instances.map((i) => i.name)).toEqual([
      'jira-onprem',
    ]);
    const planner = await get(
      'responder',
      `/api/incidents/responder-instances?kind=ms_planner&team_id=${teamId}`,
    );
    expect(planner.json).toEqual({
      instances: [{ id: plannerId, name: 'planner', namespace: 'default' }],
      selected: plannerId,
    });
    const bad = await get('responder', '/api/incidents/responder-instances?kind=slack');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('kind must be jira or ms_planner');
  });

  it("looks up Jira projects, a project's issue types and the priorities with the connection's credentials", async () => {
    const base = `/api/incidents/responder-instances/${jiraId}`;
    const projects = await get('responder', `${base}/projects`);
    expect(projects.status, projects.text).toBe(200);
    expect(projects.json).toEqual({
      options: [
        { value: 'OPS', label: 'Operations (OPS)' },
        { value: 'PAY', label: 'Payments (PAY)' },
      ],
    });
    expect(labels((await get('responder', `${base}/issue-types?project=OPS`)).json)).toEqual(['Bug', 'Task']);
    expect(labels((await get('responder', `${base}/issue-types?project=PAY`)).json)).toEqual(['Incident']);
    expect(labels((await get('responder', `${base}/priorities`)).json)).toEqual([
      'Highest',
      'High',
      'Medium',
      'Low',
    ]);
    const noProject = await get('responder', `${base}/issue-types`);
    expect(noProject.status).toBe(400);
    expect(noProject.text).toContain('project is required');
    expect((await get('responder', `${base}/plans`)).status).toBe(400);
  });

  it('looks up Planner plans of the group and a plan’s buckets with the bearer token', async () => {
    const base = `/api/incidents/responder-instances/${plannerId}`;
    expect(labels((await get('responder', `${base}/plans`)).json)).toEqual([
      'Operations board',
      'Payments board',
    ]);
    const buckets = await get('responder', `${base}/buckets?plan=plan-ops`);
    expect(buckets.json).toEqual({
      options: [
        { value: 'bucket-todo', label: 'To do' },
        { value: 'bucket-doing', label: 'In progress' },
      ],
    });
    expect(graph.requests.at(-1)?.authorization).toBe(`Bearer ${graph.token}`);
  });

  it('Test Connection lists what the instance offers, with the same client', async () => {
    const tested = await call(server, users.admin, `/api/connection/test/${jiraId}`, { method: 'POST' });
    expect(tested.json).toEqual({ message: 'ok', payload: { projects: 2 } });
    const planner = await call(server, users.admin, `/api/connection/test/${plannerId}`, { method: 'POST' });
    expect(planner.json).toEqual({ message: 'ok', payload: { plans: 2 } });
  });

  it("answers 502 with the peer's refusal, 404 for a connection of another type, 403 to viewers", async () => {
    const wrong = await createConnection(server, users.admin, {
      name: 'jira-wrong-token',
      type: 'jira',
      url: jira.url,
      username: jira.user,
      password: 'not-the-token',
    });
    const refused = await get('responder', `/api/incidents/responder-instances/${wrong}/projects`);
    expect(refused.status).toBe(502);
    expect(refused.text).toContain('jira-wrong-token');
    expect(refused.text).toContain('401');
    expect(refused.text).not.toContain('not-the-token');
    const http = await createConnection(server, users.admin, { name: 'web', type: 'http', url: jira.url });
    expect((await get('responder', `/api/incidents/responder-instances/${http}/projects`)).status).toBe(404);
    expect((await get('viewer', `/api/incidents/responder-instances?kind=jira`)).status).toBe(403);
    expect((await get('viewer', `/api/incidents/responder-instances/${jiraId}/projects`)).status).toBe(403);
  });

  it('opens the ticket in the instance the form picked and keeps its key as external_id', async () => {
    const incident = await call(server, users.responder, '/api/db/incidents', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: { title: 'Checkout down', severity: 'high' },
    });
    const incidentId = (incident.json as { id: string }[])[0]!.id;
    const other = await call(server, users.admin, '/api/db/teams', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: { name: 'No client', spec: {} },
    });
    const responder = await call(server, users.responder, '/api/db/responders', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        incident_id: incidentId,
        team_id: (other.json as { id: string }[])[0]!.id,
        type: 'system',
        properties: {
          responderType: 'jira',
          instance: jiraId,
          project: 'PAY',
          issueType: 'Incident',
          priority: 'High',
          summary: 'Checkout down',
          description: 'See the incident',
        },
      },
    });
    expect(responder.status, responder.text).toBe(201);
    await drainEvents(
      server.ctx,
      eventRegistryOf([incidentsDomain]),
      testOptions(server.ctx, { batchSize: 20 }),
    );
    const created = jira.requests.find((r) => r.method === 'POST');
    expect(created?.body).toMatchObject({
      fields: { project: { key: 'PAY' }, issuetype: { name: 'Incident' }, priority: { name: 'High' } },
    });
    const row = await call(
      server,
      users.responder,
      `/api/db/responders?id=eq.${(responder.json as { id: string }[])[0]!.id}&select=status,external_id`,
    );
    expect((row.json as { status: string; external_id: string }[])[0]).toEqual({
      status: 'sent',
      external_id: expect.stringMatching(/^PAY-\d+$/),
    });
  });

  it('refuses to open a ticket with an instance of another type: the responder ends in error, nothing is sent', async () => {
    const incident = await call(server, users.responder, '/api/db/incidents', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: { title: 'Wrong instance', severity: 'low' },
    });
    const web = await createConnection(server, users.admin, {
      name: 'internal-web',
      type: 'http',
      url: jira.url,
    });
    const before = jira.requests.length;
    const responder = await call(server, users.responder, '/api/db/responders', {
      method: 'POST',
      headers: { prefer: 'return=representation' },
      body: {
        incident_id: (incident.json as { id: string }[])[0]!.id,
        team_id: teamId,
        type: 'system',
        properties: {
          responderType: 'jira',
          instance: web,
          project: 'OPS',
          issueType: 'Bug',
          priority: 'High',
          summary: 's',
          description: 'd',
        },
      },
    });
    await drainEvents(
      server.ctx,
      eventRegistryOf([incidentsDomain]),
      testOptions(server.ctx, { batchSize: 20 }),
    );
    const row = await call(
      server,
      users.responder,
      `/api/db/responders?id=eq.${(responder.json as { id: string }[])[0]!.id}&select=status,error`,
    );
    expect((row.json as { status: string; error: string }[])[0]).toEqual({
      status: 'error',
      error: 'the instance internal-web is not a jira connection',
    });
    expect(jira.requests.length).toBe(before);
  });
});
