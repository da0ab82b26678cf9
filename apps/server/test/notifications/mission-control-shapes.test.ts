import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { notificationsDomain } from '../../src/notifications/index.js';
import { playbooksDomain } from '../../src/playbooks/index.js';
import { testOptions } from '../events/context.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { startSmtpSink, type SmtpSink } from '../peers/smtp.js';
import { drive } from '../playbooks/engine-helpers.js';

/**
 * Notifications in the shapes of Mission Control's fixtures (written for this project, in
 * mc-fixtures/; playbooks they start in ../playbooks/fixtures/): each is saved unchanged through
 * the data API and does, on a real server with a loopback SMTP sink as the system SMTP server,
 * what its file name promises.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const NOTIFICATIONS = path.join(HERE, 'mc-fixtures');
const PLAYBOOKS = path.join(HERE, '..', 'playbooks', 'fixtures');

type Doc = { metadata: { name: string; namespace?: string }; spec: Record<string, unknown> };
type HistoryRow = {
  status: string;
  source_event: string;
  resource_id: string;
  error: string | null;
  count: number;
  recipient: string | null;
};

const read = (dir: string, name: string): Doc =>
  YAML.parse(fs.readFileSync(path.join(dir, `${name}.yaml`), 'utf8')) as Doc;

describe.each(DB_KINDS)('Mission Control shaped notifications on %s', (kind) => {
  let server: TestServer;
  let smtp: SmtpSink;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(kind, {}, { SMTP_URL: smtp.url, SMTP_FROM: 'Opsdeck <ops@example.org>' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
  });

  async function api(method: string, url: string, body?: unknown) {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        prefer: 'return=representation',
        origin: server.baseUrl,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Saves a fixture document as it is (its whole YAML text as the spec); returns the row. */
  async function save(table: 'notifications' | 'playbooks', dir: string, name: string) {
    const text = fs.readFileSync(path.join(dir, `${name}.yaml`), 'utf8');
    const saved = await api('POST', `/api/db/${table}`, { spec: text });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    return (saved.body as Record<string, unknown>[])[0]!;
  }

  /** Runs the consumer with the notifications and playbooks handlers until the queue is empty. */
  const drain = () =>
    drainEvents(server.ctx, eventRegistryOf([notificationsDomain, playbooksDomain]), testOptions(server.ctx));

  async function historyOf(notificationId: string): Promise<HistoryRow[]> {
    const { rows } = await server.db.query<HistoryRow>(
      `SELECT status, source_event, resource_id::text, error, count, recipient FROM notification_send_history
       WHERE notification_id = $1 ORDER BY first_observed, id`,
      [notificationId],
    );
    return rows;
  }

  async function addComponent(name: string, type: string, labels: Record<string, string>): Promise<string> {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO components (name, type, namespace, labels, status) VALUES ($1, $2, 'shop', $3, 'healthy')
       RETURNING id`,
      [name, type, JSON.stringify(labels)],
    );
    return rows[0]!.id;
  }

  async function addConfig(type: string, name: string, parentId?: string): Promise<string> {
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, namespace, parent_id, health) VALUES ($1, $2, 'shop', $3, 'healthy')
       RETURNING id`,
      [type, name, parentId ?? null],
    );
    return rows[0]!.id;
  }
  const unhealthy = (id: string) =>
    server.db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [id]);

  it('deployment-pod-inhibited: a Deployment is not notified while its Pod was, within the repeat interval', async () => {
    const rule = await save('notifications', NOTIFICATIONS, 'deployment-pod-inhibited');
    const written = read(NOTIFICATIONS, 'deployment-pod-inhibited').spec;
    expect(rule.inhibitions).toEqual(written.inhibitions);
    const deployment = await addConfig('Kubernetes::Deployment', 'checkout');
    const replicaSet = await addConfig('Kubernetes::ReplicaSet', 'checkout-7d9', deployment);
    const pod = await addConfig('Kubernetes::Pod', 'checkout-7d9-x2', replicaSet);
    const other = await addConfig('Kubernetes::Deployment', 'search');
    await unhealthy(pod);
    await drain();
    await unhealthy(deployment);
    await unhealthy(other);
    await drain();
    const rows = await historyOf(String(rule.id));
    const byResource = Object.fromEntries(rows.map((h) => [h.resource_id, h.status]));
    expect(byResource).toEqual({ [pod]: 'sent', [deployment]: 'inhibited', [other]: 'sent' });
    const { rows: parent } = await server.db.query<{ parent_id: string; sent_id: string }>(
      `SELECT i.parent_id::text, s.id::text AS sent_id FROM notification_send_history i, notification_send_history s
       WHERE i.status = 'inhibited' AND i.resource_id = $1 AND s.status = 'sent' AND s.resource_id = $2`,
      [deployment, pod],
    );
    expect(parent[0]?.parent_id).toBe(parent[0]?.sent_id);
    expect(smtp.mails.map((m) => m.subject).sort()).toHaveLength(2);
    // The history API and the summary show it among the suppressed.
    const summary = await api('POST', '/api/notification/summary', { pageIndex: 0, pageSize: 50 });
    expect(JSON.stringify(summary.body)).toContain('checkout');
    const list = await api(
      'GET',
      `/api/db/notification_send_history_summary?notification_id=eq.${String(rule.id)}&status=eq.inhibited&select=status,resource_id`,
    );
    expect(list.body).toEqual([{ status: 'inhibited', resource_id: deployment }]);
  });

  it('node-pod-soft-inhibited: a Pod related to a notified Node (a soft relationship) is inhibited', async () => {
    const rule = await save('notifications', NOTIFICATIONS, 'node-pod-soft-inhibited');
    const node = await addConfig('Kubernetes::Node', 'ip-10-0-1-7');
    const pod = await addConfig('Kubernetes::Pod', 'api-0');
    const elsewhere = await addConfig('Kubernetes::Pod', 'api-1');
    await server.db.query(
      `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'NodePod')`,
      [node, pod],
    );
    await unhealthy(node);
    await drain();
    await unhealthy(pod);
    await unhealthy(elsewhere);
    await drain();
    const byResource = Object.fromEntries(
      (await historyOf(String(rule.id))).map((h) => [h.resource_id, h.status]),
    );
    expect(byResource).toEqual({ [node]: 'sent', [pod]: 'inhibited', [elsewhere]: 'sent' });
  });

  it('config-health-playbook-runs: saved before its playbook exists; fails clearly until it does, then runs it about the config', async () => {
    const rule = await save('notifications', NOTIFICATIONS, 'config-health-playbook-runs');
    expect(rule).toMatchObject({
      playbook_ref: 'ops/diagnose-configs',
      person_id: null,
      custom_services: null,
    });
    const ruleId = String(rule.id);

    // No such playbook yet: the send is an error saying so (the event is handled, not retried).
    const first = await addConfig('Kubernetes::Deployment', 'payments-api');
    await unhealthy(first);
    await drain();
    expect(await historyOf(ruleId)).toMatchObject([
      {
        status: 'error',
        resource_id: first,
        source_event: 'config.unhealthy',
        recipient: 'playbook ops/diagnose-configs',
        error: 'playbook ops/diagnose-configs not found',
      },
    ]);
    expect((await server.db.query('SELECT 1 FROM event_queue')).rows).toEqual([]);

    // Written now: the next send runs it, with the event's config as its resource.
    const playbook = await save('playbooks', PLAYBOOKS, 'diagnose-configs-completes');
    const second = await addConfig('Kubernetes::Deployment', 'ledger-worker');
    await unhealthy(second);
    await drain();
    const { rows: runs } = await server.db.query<{
      id: string;
      trigger: string;
      config_id: string;
      created_by: string | null;
      notification_send_id: string;
    }>(
      'SELECT id, trigger, config_id, created_by, notification_send_id FROM playbook_runs WHERE playbook_id = $1',
      [playbook.id],
    );
    expect(runs).toMatchObject([{ trigger: 'notification', config_id: second, created_by: null }]);
    const sends = await historyOf(ruleId);
    const send = sends.find((h) => h.resource_id === second)!;
    expect(send.status).toBe('pending_playbook_completion');
    const { rows: link } = await server.db.query<{ id: string; playbook_run_id: string }>(
      'SELECT id, playbook_run_id FROM notification_send_history WHERE resource_id = $1',
      [second],
    );
    expect(link[0]?.playbook_run_id).toBe(runs[0]!.id);
    expect(runs[0]!.notification_send_id).toBe(link[0]!.id);

    // The run ends: the send is sent, and the history links the run.
    expect((await drive(server.ctx, runs[0]!.id)).status).toBe('completed');
    const { rows: out } = await server.db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runs[0]!.id],
    );
    expect(out[0]?.result.stdout).toBe('diagnosing ledger-worker (Kubernetes::Deployment, )\n');
    const detail = await api('GET', `/api/notification/send_history/${link[0]!.id}`);
    expect(detail.body).toMatchObject({
      status: 'sent',
      error: null,
      playbook_run: { id: runs[0]!.id, status: 'completed', playbook_name: 'Diagnose a config' },
    });
    const list = await api(
      'GET',
      `/api/db/notification_send_history_summary?id=eq.${link[0]!.id}&select=status,playbook_run_id`,
    );
    expect(list.body).toEqual([{ status: 'sent', playbook_run_id: runs[0]!.id }]);
  });

  it('config-health-playbook-runs: a failing run fails the send, and a rule whose author may not run playbooks runs none', async () => {
    // What the test before left: its rule and playbook.
    await server.db.exec(`
      DELETE FROM notification_send_history;
      DELETE FROM notifications WHERE name = 'config-health-playbook-runs';
      UPDATE playbooks SET deleted_at = now() WHERE name = 'diagnose-configs';
    `);
    const rule = await save('notifications', NOTIFICATIONS, 'config-health-playbook-runs');
    const ruleId = String(rule.id);
    const failing = await api('POST', '/api/db/playbooks', {
      name: 'diagnose-configs',
      namespace: 'ops',
      spec: { actions: [{ name: 'boom', exec: { script: 'exit 3' } }] },
    });
    expect(failing.status, JSON.stringify(failing.body)).toBe(201);
    const target = await addConfig('Kubernetes::Deployment', 'fraud-scorer');
    await unhealthy(target);
    await drain();
    const { rows: runs } = await server.db.query<{ id: string }>(
      'SELECT id FROM playbook_runs WHERE config_id = $1',
      [target],
    );
    expect((await drive(server.ctx, runs[0]!.id)).status).toBe('failed');
    expect(await historyOf(ruleId)).toMatchObject([
      { status: 'error', error: expect.stringMatching(/^playbook failed with an error: /) },
    ]);

    // The same rule written by a viewer: no run, the send says why.
    const { rows: viewer } = await server.db.query<{ id: string }>(
      `INSERT INTO people (name, email) VALUES ('Vera Viewer', 'vera@example.com') RETURNING id`,
    );
    await server.db.query('UPDATE notifications SET created_by = $2 WHERE id = $1', [ruleId, viewer[0]!.id]);
    const other = await addConfig('Kubernetes::Deployment', 'notifier');
    await unhealthy(other);
    await drain();
    expect((await server.db.query('SELECT 1 FROM playbook_runs WHERE config_id = $1', [other])).rows).toEqual(
      [],
    );
    expect((await historyOf(ruleId)).find((h) => h.resource_id === other)).toMatchObject({
      status: 'error',
      error: "the rule's author (vera@example.com) may not run playbooks",
    });
  });

  it('component-error-sends: a component in error is notified (component.status.error) and starts its playbook (event: error)', async () => {
    const rule = await save('notifications', NOTIFICATIONS, 'component-error-sends');
    expect(rule.events).toEqual(['component.status.error', 'component.status.warning']);
    const spec = await api('GET', `/api/db/notifications?id=eq.${String(rule.id)}&select=events`);
    expect(spec.body).toEqual([{ events: ['component.status.error', 'component.status.warning'] }]);
    const playbook = await save('playbooks', PLAYBOOKS, 'component-error-trigger-completes');
    expect(playbook.spec).toEqual(read(PLAYBOOKS, 'component-error-trigger-completes').spec);

    const db = await addComponent('orders-db', 'Database', { tier: 'data' });
    await server.db.query(
      `UPDATE components SET status = 'error', status_reason = 'disk full' WHERE id = $1`,
      [db],
    );
    await drain();

    expect(await historyOf(String(rule.id))).toMatchObject([
      { status: 'sent', source_event: 'component.error', resource_id: db, recipient: 'oncall@example.com' },
    ]);
    const mail = await smtp.waitForMail();
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.subject).toBe('orders-db status updated to error');
    expect(mail.text).toContain('tier');

    const { rows: runs } = await server.db.query<{ id: string; trigger: string; component_id: string }>(
      'SELECT id, trigger, component_id FROM playbook_runs WHERE playbook_id = $1',
      [playbook.id],
    );
    expect(runs).toMatchObject([{ trigger: 'component', component_id: db }]);
    const run = await drive(server.ctx, runs[0]!.id);
    expect(run.status).toBe('completed');
    const { rows: out } = await server.db.query<{ result: { stdout: string } }>(
      'SELECT result FROM playbook_run_actions WHERE playbook_run_id = $1',
      [runs[0]!.id],
    );
    expect(out[0]?.result.stdout).toBe('component orders-db is error\n');

    // The older spelling's other event still works: warning goes out as component.warning.
    await server.db.query(`UPDATE components SET status = 'warning' WHERE id = $1`, [db]);
    await drain();
    expect((await historyOf(String(rule.id))).map((h) => h.source_event)).toEqual([
      'component.error',
      'component.warning',
    ]);
  });
});
