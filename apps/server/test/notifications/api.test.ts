import type { Role } from '@opsdeck/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { addCheck, addRule } from './fixtures.js';

type Answer = { status: number; body: unknown };
type Row = Record<string, unknown>;

/** Notification and NotificationSilence documents in the shapes Mission Control's fixtures use. */
const MC_NOTIFICATIONS = [
  `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: check-alerts
  namespace: default
spec:
  events:
    - check.failed
  filter: check.type == 'http' && check.labels.team == 'payments'
  to:
    email: alerts@acme.com
  repeatInterval: 4h`,
  `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: deployment-health
spec:
  events:
    - config.unhealthy
    - config.warning
  filter: config.type == 'Kubernetes::Deployment'
  title: "{{.config.name}} is {{.config.health}}"
  template: |
    **{{.config.name}}** in {{.config.tags.namespace}} is {{.config.health}}.
    [Open]({{.permalink}})
  waitFor: 2m
  waitForEvalPeriod: 30s
  groupBy:
    - type
    - label:app
  groupByInterval: 12h
  to:
    webhook:
      url: https://hooks.example.com/deployments
      method: POST`,
  `apiVersion: mission-control.flanksource.com/v1
kind: Notification
metadata:
  name: http-checks-to-backend
spec:
  events:
    - check.passed
    - check.failed
  filter: check.type == 'http'
  to:
    team: Backend`,
];

const MC_SILENCES = [
  {
    description: 'maintenance window',
    from: '2026-12-01T06:00:00Z',
    until: '2026-12-01T07:00:00Z',
    filter: "check.type == 'http'",
  },
  {
    description: 'test deployments',
    recursive: true,
    selectors: [{ types: ['Kubernetes::Deployment'], tagSelector: 'namespace=test' }],
  },
  { description: 'staging', from: 'now', until: 'now+2d', selectors: [{ namespace: 'staging' }] },
];

describe.each(DB_KINDS)('notifications API on %s', (kind) => {
  let server: TestServer;
  const users = {} as Record<Role, SignedIn>;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ['admin', 'editor', 'viewer'] as const) users[role] = await signIn(server, role);
    await server.db.query(`INSERT INTO teams (name) VALUES ('Backend')`);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.exec('DELETE FROM notification_send_history; DELETE FROM notification_silences;');
  });

  async function call(role: Role, method: string, path: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        ...users[role].headers,
        'content-type': 'application/json',
        prefer: 'return=representation',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }
  const errorOf = (a: Answer) => {
    const b = a.body as { message?: string; error?: string };
    return b.message ?? b.error ?? '';
  };

  it('accepts Mission Control Notification documents unchanged', async () => {
    for (const spec of MC_NOTIFICATIONS) {
      const a = await call('editor', 'POST', '/api/db/notifications', { spec });
      expect(a.status, JSON.stringify(a.body)).toBe(201);
    }
    const { rows } = await server.db.query<Row>(
      `SELECT name, custom_services, team_id IS NOT NULL AS to_team, wait_for, group_by FROM notifications
       WHERE name IN ('check-alerts', 'deployment-health', 'http-checks-to-backend') ORDER BY name`,
    );
    expect(rows).toMatchObject([
      { name: 'check-alerts', custom_services: [{ url: 'smtp://system/?To=alerts%40acme.com' }] },
      {
        name: 'deployment-health',
        custom_services: [{ url: 'generic+https://hooks.example.com/deployments' }],
        group_by: ['type', 'label:app'],
      },
      { name: 'http-checks-to-backend', to_team: true },
    ]);
    expect(Number(rows[1]?.wait_for)).toBe(120_000_000_000);
  });

  it('refuses a rule whose filter does not compile', async () => {
    const a = await call('editor', 'POST', '/api/db/notifications', {
      name: 'broken',
      spec: { events: ['check.failed'], filter: "check.name == 'x' &&", to: { email: 'a@example.com' } },
    });
    expect(a.status).toBe(400);
    expect(errorOf(a)).toContain('filter');
  });

  it('creates silences from the form, resolving now+2d, and refuses bad windows and empty targets', async () => {
    const { checkId } = await addCheck(server.db, 'api-silenced');
    const before = Date.now();
    const a = await call('editor', 'POST', '/api/notification/silence', {
      check_id: checkId,
      until: 'now+2d',
      description: 'deploy freeze',
      recursive: false,
      namespace: 'default',
      source: 'UI',
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const row = a.body as Row;
    expect(row).toMatchObject({ check_id: checkId, description: 'deploy freeze', source: 'UI' });
    const until = new Date(row.until as string).getTime();
    expect(until - before).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(row.created_by).toBe(users.editor.personId);

    const backwards = await call('editor', 'POST', '/api/notification/silence', {
      check_id: checkId,
      from: 'now+1d',
      until: 'now',
    });
    expect(backwards).toMatchObject({ status: 400 });
    expect(errorOf(backwards)).toBe('from must be before until');
    const nothing = await call('editor', 'POST', '/api/notification/silence', { until: 'now+1h' });
    expect(nothing.status).toBe(400);
    expect(errorOf(nothing)).toContain('at least one of');
    const badFilter = await call('editor', 'POST', '/api/notification/silence', { filter: 'check.name ==' });
    expect(badFilter.status).toBe(400);
    expect((await call('viewer', 'POST', '/api/notification/silence', { check_id: checkId })).status).toBe(
      403,
    );
  });

  it('accepts Mission Control NotificationSilence specs through the data API, and checks edits', async () => {
    for (const spec of MC_SILENCES) {
      const a = await call('editor', 'POST', '/api/db/notification_silences', spec);
      expect(a.status, JSON.stringify(a.body)).toBe(201);
    }
    const created = await call('editor', 'GET', '/api/db/notification_silences?order=created_at');
    const rows = created.body as Row[];
    expect(rows).toHaveLength(3);
    const id = rows[0]!.id as string;
    const patch = await call('editor', 'PATCH', `/api/db/notification_silences?id=eq.${id}`, {
      from: '2026-12-02T00:00:00Z',
    });
    expect(patch.status).toBe(400);
    expect(errorOf(patch)).toBe('from must be before until');
    const empty = await call('editor', 'PATCH', `/api/db/notification_silences?id=eq.${id}`, {
      filter: null,
    });
    expect(errorOf(empty)).toContain('at least one of');
    const deleted = await call('editor', 'PATCH', `/api/db/notification_silences?id=eq.${id}`, {
      deleted_at: new Date().toISOString(),
    });
    expect(deleted.status).toBeLessThan(300);
    expect((await call('viewer', 'POST', '/api/db/notification_silences', MC_SILENCES[0])).status).toBe(403);
  });

  it('previews what a silence of a canary would cover: its checks', async () => {
    const first = await addCheck(server.db, 'preview-a');
    await server.db.query(
      `INSERT INTO checks (canary_id, name, type, namespace) VALUES ($1, 'preview-b', 'tcp', 'shop')`,
      [first.canaryId],
    );
    const a = await call(
      'viewer',
      'GET',
      `/api/notification/silence_preview?id=${first.canaryId}&type=canary`,
    );
    expect(a.status).toBe(200);
    expect((a.body as Row[]).map((r) => `${r.resource_type}:${r.name}`)).toEqual([
      'canary:canary-preview-a',
      'check:preview-a',
      'check:preview-b',
    ]);
    const bad = await call('viewer', 'GET', '/api/notification/silence_preview?id=nope&type=check');
    expect(bad.status).toBe(400);
  });

  it('summarises the history by resource and shows one entry with its body and rule', async () => {
    const ruleId = await addRule(server.db, {
      name: 'summary-rule',
      url: 'generic+https://hooks.example.com/x',
    });
    const { checkId } = await addCheck(server.db, 'summarised');
    const insert = (status: string, count = 1) =>
      server.db.query<{ id: string }>(
        `INSERT INTO notification_send_history (notification_id, source_event, resource_id, resource_type, resource,
           status, count, recipient, body)
         VALUES ($1, 'check.failed', $2, 'check', $3, $4, $5, 'hooks', '<p>down</p>') RETURNING id`,
        [ruleId, checkId, JSON.stringify({ id: checkId, name: 'summarised', type: 'http' }), status, count],
      );
    const sent = await insert('sent');
    await insert('sent');
    await insert('error');
    await insert('silenced', 3);
    await insert('pending');

    const a = await call('viewer', 'POST', '/api/notification/summary', { pageSize: 10 });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      total: 1,
      results: [
        {
          resource: { id: checkId, name: 'summarised', type: 'http' },
          resource_type: 'check',
          sent: 2,
          error: 1,
          suppressed: 3,
          pending: 1,
        },
      ],
    });
    const onlyErrors = await call('viewer', 'POST', '/api/notification/summary', {
      status: 'error',
      search: 'summ',
    });
    expect(onlyErrors.body).toMatchObject({ total: 1, results: [{ sent: 0, error: 1 }] });
    const badBody = await call('viewer', 'POST', '/api/notification/summary', { status: 'exploded' });
    expect(badBody.status).toBe(400);

    const detail = await call('viewer', 'GET', `/api/notification/send_history/${sent.rows[0]!.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      status: 'sent',
      body: '<p>down</p>',
      recipient: 'hooks',
      notification: { id: ruleId, name: 'summary-rule' },
      resource: { name: 'summarised' },
    });
    const missing = await call(
      'viewer',
      'GET',
      '/api/notification/send_history/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);

    const view = await call('viewer', 'GET', `/api/db/notifications_summary?id=eq.${ruleId}`);
    expect(view.body).toMatchObject([{ name: 'summary-rule', sent: 2, failed: 1, pending: 1 }]);
    const list = await call(
      'viewer',
      'GET',
      `/api/db/notification_send_history_summary?notification_id=eq.${ruleId}`,
    );
    expect((list.body as Row[])[0]).toMatchObject({ notification_name: 'summary-rule' });
    expect((list.body as Row[])[0]).not.toHaveProperty('body');
  });
});
