import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/pg.js';
import type { Db } from '../../src/db/types.js';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { evaluateDefinitionsOfDone } from '../../src/incidents/definition-of-done.js';
import { incidentsDomain } from '../../src/incidents/index.js';
import { runIncidentRules } from '../../src/incidents/rules.js';
import { eventContext, testOptions } from '../events/context.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { startWebhookSink, type WebhookSink } from '../notifications/fixtures.js';
import { startSmtpSink, type SmtpSink } from '../peers/smtp.js';

type Row = Record<string, unknown>;

describe.each(DB_KINDS)('incident engine on %s', (kind) => {
  let db: Db;
  let url: string | undefined;
  let drop: () => Promise<void>;
  let smtp: SmtpSink;
  let jira: WebhookSink;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    url = fresh.url;
    drop = fresh.drop;
    await migrate(db);
    smtp = await startSmtpSink();
    jira = await startWebhookSink();
  });
  afterAll(async () => {
    await smtp.stop();
    await jira.stop();
    await drop();
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM incidents; DELETE FROM incident_rules; DELETE FROM event_queue;
      DELETE FROM components; DELETE FROM topologies; DELETE FROM checks; DELETE FROM canaries;
      DELETE FROM config_items;`);
  });

  const drain = (env: Record<string, string> = {}) => {
    const ctx = eventContext(db, env);
    return drainEvents(ctx, eventRegistryOf([incidentsDomain]), testOptions(ctx, { batchSize: 20 }));
  };

  async function addCheck(status: 'healthy' | 'unhealthy'): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `WITH c AS (INSERT INTO canaries (name) VALUES ('shop-' || gen_random_uuid()) RETURNING id)
       INSERT INTO checks (canary_id, name, type, status) SELECT id, 'checkout', 'http', $1 FROM c RETURNING id`,
      [status],
    );
    return rows[0]!.id;
  }

  /** An incident with a root hypothesis and check evidence marked as definition of done. */
  async function incidentOnCheck(checkId: string, script: string): Promise<{ id: string; evidence: string }> {
    const { rows } = await db.query<{ id: string; evidence: string }>(
      `WITH i AS (INSERT INTO incidents (title) VALUES ('Checkout failing') RETURNING id),
         h AS (INSERT INTO hypotheses (incident_id, type, title) SELECT id, 'root', 'Checkout' FROM i RETURNING id),
         e AS (INSERT INTO evidences (hypothesis_id, type, description, check_id, definition_of_done, script)
               SELECT id, 'check', 'checkout check', $1, true, $2 FROM h RETURNING id)
       SELECT (SELECT id FROM i) AS id, (SELECT id FROM e) AS evidence`,
      [checkId, script],
    );
    return rows[0]!;
  }

  const statusOf = async (id: string) =>
    (await db.query<{ status: string }>('SELECT status FROM incidents WHERE id = $1', [id])).rows[0]!.status;

  it('resolves an incident when its definition of done passes and reopens it when it regresses', async () => {
    const checkId = await addCheck('unhealthy');
    const incident = await incidentOnCheck(checkId, "check.status == 'healthy'");
    let outcome = await evaluateDefinitionsOfDone(db);
    expect(outcome.resolved).toEqual([]);
    expect(await statusOf(incident.id)).toBe('open');

    await db.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [checkId]);
    outcome = await evaluateDefinitionsOfDone(db);
    expect(outcome.resolved).toEqual([incident.id]);
    expect(await statusOf(incident.id)).toBe('resolved');

    await db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    outcome = await evaluateDefinitionsOfDone(db);
    expect(outcome.reopened).toEqual([incident.id]);
    expect(await statusOf(incident.id)).toBe('open');

    const events = await db.query<{ name: string }>(
      `SELECT name FROM event_queue WHERE name LIKE 'incident.%' ORDER BY name`,
    );
    expect(events.rows.map((e) => e.name)).toEqual(
      expect.arrayContaining(['incident.dod.passed', 'incident.dod.regressed', 'incident.status.resolved']),
    );
  });

  it('leaves closed incidents alone and stores script errors on the evidence', async () => {
    const checkId = await addCheck('healthy');
    const closed = await incidentOnCheck(checkId, "check.status == 'healthy'");
    await db.query(`UPDATE incidents SET status = 'closed' WHERE id = $1`, [closed.id]);
    const broken = await incidentOnCheck(checkId, 'check.nothing.deeper == 1');
    await evaluateDefinitionsOfDone(db);
    expect(await statusOf(closed.id)).toBe('closed');
    expect(await statusOf(broken.id)).toBe('open');
    const { rows } = await db.query<{ script_result: string; done: boolean | null }>(
      'SELECT script_result, done FROM evidences WHERE id = $1',
      [broken.evidence],
    );
    expect(rows[0]!.done).toBeNull();
    expect(rows[0]!.script_result).toMatch(/nothing/);
  });

  it('leaves an incident resolved by hand over manual evidence alone, and waits for manual evidence too', async () => {
    const { rows } = await db.query<{ id: string; hyp: string }>(
      `WITH i AS (INSERT INTO incidents (title) VALUES ('Resolved by hand') RETURNING id),
         h AS (INSERT INTO hypotheses (incident_id, type, title) SELECT id, 'root', 'Root' FROM i RETURNING id, incident_id)
       SELECT incident_id AS id, id AS hyp FROM h`,
    );
    const { id, hyp } = rows[0]!;
    await db.query(
      `INSERT INTO evidences (hypothesis_id, type, description, definition_of_done) VALUES ($1, 'comment', 'rolled back', true)`,
      [hyp],
    );
    await db.query(`UPDATE incidents SET status = 'resolved' WHERE id = $1`, [id]);
    await evaluateDefinitionsOfDone(db);
    expect(await statusOf(id)).toBe('resolved');

    // With a passing script as well, the unmarked manual evidence still holds it open.
    const checkId = await addCheck('healthy');
    const other = await incidentOnCheck(checkId, "check.status == 'healthy'");
    const otherHyp = await db.query<{ id: string }>(`SELECT id FROM hypotheses WHERE incident_id = $1`, [
      other.id,
    ]);
    const manual = await db.query<{ id: string }>(
      `INSERT INTO evidences (hypothesis_id, type, description, definition_of_done) VALUES ($1, 'comment', 'customers confirm', true) RETURNING id`,
      [otherHyp.rows[0]!.id],
    );
    await evaluateDefinitionsOfDone(db);
    expect(await statusOf(other.id)).toBe('open');
    await db.query(`UPDATE evidences SET done = true WHERE id = $1`, [manual.rows[0]!.id]);
    await evaluateDefinitionsOfDone(db);
    expect(await statusOf(other.id)).toBe('resolved');
  });

  it('evaluates at once when the evidence check recovers (check.passed on the pipeline)', async () => {
    const checkId = await addCheck('unhealthy');
    const incident = await incidentOnCheck(checkId, "check.status == 'healthy'");
    await db.query(`UPDATE checks SET status = 'healthy' WHERE id = $1`, [checkId]);
    await drain();
    expect(await statusOf(incident.id)).toBe('resolved');
    const history = await db.query<{ type: string; description: string }>(
      `SELECT type, description FROM incident_histories WHERE incident_id = $1 AND type = 'incident.status_updated'`,
      [incident.id],
    );
    expect(history.rows).toEqual([{ type: 'incident.status_updated', description: 'open → resolved' }]);
  });

  async function addComponent(name: string, status: string, type = 'Database'): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `WITH t AS (INSERT INTO topologies (name) VALUES ('shop-' || gen_random_uuid()) RETURNING id)
       INSERT INTO components (topology_id, name, namespace, type, status, status_reason)
       SELECT id, $1, 'default', $3, $2, 'connection refused' FROM t RETURNING id`,
      [name, status, type],
    );
    return rows[0]!.id;
  }

  async function addRule(name: string, spec: Row): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO incident_rules (name, spec) VALUES ($1, $2) RETURNING id`,
      [name, JSON.stringify(spec)],
    );
    return rows[0]!.id;
  }

  it('opens exactly one incident per failing component, across runs and two processes', async () => {
    const componentId = await addComponent('orders-db', 'unhealthy');
    await addComponent('orders-api', 'unhealthy', 'Service');
    await addComponent('healthy-db', 'healthy');
    const ruleId = await addRule('db-down', {
      components: [{ types: ['Database'] }],
      filter: { status: ['unhealthy'] },
      template: { severity: 'High', type: 'availability' },
    });
    const other =
      kind === 'postgresql' ? await openPostgres(url!, { poolSize: 4, statementTimeoutMs: 5000 }) : db;
    try {
      await Promise.all([runIncidentRules(db), runIncidentRules(other), runIncidentRules(db)]);
    } finally {
      if (other !== db) await other.close();
    }
    await runIncidentRules(db);
    const { rows } = await db.query<Row>(
      `SELECT i.title, i.severity, i.status, e.type AS evidence, e.definition_of_done, e.component_id, h.type AS hyp
       FROM incidents i JOIN hypotheses h ON h.incident_id = i.id JOIN evidences e ON e.hypothesis_id = h.id
       WHERE i.incident_rule_id = $1`,
      [ruleId],
    );
    expect(rows).toEqual([
      {
        title: 'orders-db is unhealthy',
        severity: 'high',
        status: 'open',
        evidence: 'topology',
        definition_of_done: true,
        component_id: componentId,
        hyp: 'factor',
      },
    ]);
    // Recovery resolves it through its definition of done; a new failure opens a new one.
    await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [componentId]);
    await evaluateDefinitionsOfDone(db);
    await db.query(`UPDATE components SET status = 'unhealthy' WHERE id = $1`, [componentId]);
    const again = await runIncidentRules(db);
    expect(again.opened).toHaveLength(1);
  });

  it('stops at the first matching rule with breakOnMatch and keeps to the hours of operation', async () => {
    await addComponent('billing-db', 'unhealthy');
    await addRule('first', {
      priority: 10,
      components: [{ name: 'billing-*' }],
      filter: { status: ['unhealthy'] },
      breakOnMatch: true,
    });
    await addRule('second', {
      priority: 1,
      components: [{ name: 'billing-db' }],
      filter: { status: ['unhealthy'] },
    });
    await addRule('off-hours', {
      priority: 20,
      components: [{ name: 'billing-db' }],
      filter: { status: ['unhealthy'] },
      hoursOfOperation: [{ start: '00:00', end: '23:59:59', negate: true }],
    });
    const out = await runIncidentRules(db, { now: new Date('2026-11-27T12:00:00Z') });
    expect(out.opened).toHaveLength(1);
    const { rows } = await db.query<{ name: string }>(
      `SELECT r.name FROM incidents i JOIN incident_rules r ON r.id = i.incident_rule_id`,
    );
    expect(rows).toEqual([{ name: 'first' }]);
  });

  it('auto-resolves a rule incident whose component is healthy past the timeout, then auto-closes it', async () => {
    const componentId = await addComponent('cache', 'unhealthy');
    await addRule('cache-down', {
      components: [{ name: 'cache' }],
      filter: { status: ['unhealthy'] },
      autoResolve: { timeout: '1h' },
      autoClose: { timeout: '1d' },
    });
    const [id] = (await runIncidentRules(db)).opened;
    await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [componentId]);
    const later = new Date(Date.now() + 2 * 3600_000);
    expect((await runIncidentRules(db, { now: later })).autoResolved).toBe(1);
    expect(await statusOf(id!)).toBe('resolved');
    const muchLater = new Date(Date.now() + 3 * 86400_000);
    expect((await runIncidentRules(db, { now: muchLater })).autoClosed).toBe(1);
    expect(await statusOf(id!)).toBe('closed');
  });

  it('watches checks and catalog items too: a failing check opens its incident from the check.failed event', async () => {
    const ruleId = await addRule('checks-down', {
      checks: [{ name: 'checkout', labelSelector: 'team=shop' }],
      configs: [{ types: ['Kubernetes::Deployment'], tagSelector: 'namespace=prod' }],
      filter: { status: ['unhealthy'] },
      template: { title: '{{ .resource.name }} needs help', severity: 'critical' },
    });
    const checkId = await addCheck('healthy');
    await db.query(`UPDATE checks SET labels = '{"team":"shop"}' WHERE id = $1`, [checkId]);
    await db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    await drain();
    const { rows: items } = await db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, health, tags) VALUES
         ('Kubernetes::Deployment', 'orders', 'unhealthy', '{"namespace":"prod"}'),
         ('Kubernetes::Deployment', 'orders', 'unhealthy', '{"namespace":"dev"}') RETURNING id`,
    );
    await runIncidentRules(db);
    const { rows } = await db.query<Row>(
      `SELECT i.title, i.severity, e.type, e.check_id, e.config_id, e.script
       FROM incidents i JOIN hypotheses h ON h.incident_id = i.id JOIN evidences e ON e.hypothesis_id = h.id
       WHERE i.incident_rule_id = $1 ORDER BY e.type`,
      [ruleId],
    );
    expect(rows).toEqual([
      {
        title: 'checkout needs help',
        severity: 'critical',
        type: 'check',
        check_id: checkId,
        config_id: null,
        script: "check.status == 'healthy'",
      },
      {
        title: 'orders needs help',
        severity: 'critical',
        type: 'config',
        check_id: null,
        config_id: items[0]!.id,
        script: "config.health == 'healthy'",
      },
    ]);
  });

  it('mails an email responder through the system SMTP server and opens a Jira ticket through the team connection', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO incidents (title) VALUES ('Orders stuck') RETURNING id`,
    );
    const incidentId = rows[0]!.id;
    await db.query(
      `INSERT INTO connections (name, namespace, type, url, username, password) VALUES ('jira', 'default', 'http', $1, 'bot', $2)`,
      [jira.url, 'graph-token'],
    );
    jira.answer.body = () => JSON.stringify({ id: '10001', key: 'OPS-42' });
    const team = await db.query<{ id: string }>(
      `INSERT INTO teams (name, spec) VALUES ('Orders', $1) RETURNING id`,
      [
        JSON.stringify({
          responder_clients: {
            jira: { connection: 'connection://default/jira' },
            ms_planner: { connection: 'connection://default/jira' },
          },
        }),
      ],
    );
    await db.query(
      `INSERT INTO responders (incident_id, team_id, properties) VALUES
         ($1, $2, $3), ($1, $2, $4), ($1, $2, $5), ($1, $2, $6)`,
      [
        incidentId,
        team.rows[0]!.id,
        JSON.stringify({
          responderType: 'email',
          to: 'orders@example.com',
          subject: 'Orders stuck',
          body: 'Look',
        }),
        JSON.stringify({
          responderType: 'jira',
          project: 'OPS',
          issueType: 'Bug',
          priority: 'High',
          summary: 'Orders stuck',
          description: 'd',
        }),
        JSON.stringify({
          responderType: 'oracle',
          product: 'DB',
          category: 'c',
          description: 'd',
          body: 'b',
        }),
        JSON.stringify({
          responderType: 'ms_planner',
          plan_id: 'plan-1',
          bucket_id: 'bucket-1',
          priority: '3',
          title: 'Orders stuck',
          description: 'd',
        }),
      ],
    );
    await drain({ SMTP_URL: smtp.url });
    const mail = await smtp.waitForMail((m) => m.to.includes('orders@example.com'));
    expect(mail.subject).toBe('Orders stuck');
    expect(jira.hooks.map((h) => h.path).sort()).toEqual(['/rest/api/2/issue', '/v1.0/planner/tasks']);
    const issue = jira.hooks.find((h) => h.path === '/rest/api/2/issue')!;
    expect(JSON.parse(issue.body)).toMatchObject({
      fields: { project: { key: 'OPS' }, issuetype: { name: 'Bug' }, summary: 'Orders stuck' },
    });
    expect(issue.headers.authorization).toMatch(/^Basic /);
    const task = jira.hooks.find((h) => h.path === '/v1.0/planner/tasks')!;
    expect(JSON.parse(task.body)).toEqual({
      planId: 'plan-1',
      bucketId: 'bucket-1',
      title: 'Orders stuck',
      priority: 3,
    });
    expect(task.headers.authorization).toBe('Bearer graph-token');
    const responders = await db.query<Row>(
      `SELECT properties->>'responderType' AS type, status, external_id, error FROM responders ORDER BY 1`,
    );
    expect(responders.rows).toEqual([
      { type: 'email', status: 'sent', external_id: null, error: null },
      { type: 'jira', status: 'sent', external_id: 'OPS-42', error: null },
      { type: 'ms_planner', status: 'sent', external_id: '10001', error: null },
      {
        type: 'oracle',
        status: 'pending',
        external_id: null,
        error: "the team's spec names no connection for oracle",
      },
    ]);
  });
});
