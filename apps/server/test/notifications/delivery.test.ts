import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { startSmtpSink, type SmtpSink } from '../peers/smtp.js';
import {
  addCheck,
  addRule,
  drain,
  history,
  notificationContext,
  resetTables,
  setCheckStatus,
  startWebhookSink,
  type WebhookSink,
} from './fixtures.js';

describe.each(DB_KINDS)('notification delivery on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let smtp: SmtpSink;
  let hooks: WebhookSink;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    smtp = await startSmtpSink();
    hooks = await startWebhookSink();
  });
  afterAll(async () => {
    await smtp.stop();
    await hooks.stop();
    await drop();
  });
  beforeEach(async () => {
    await resetTables(db);
    hooks.hooks.length = 0;
    hooks.answer.status = 200;
    hooks.answer.body = () => 'ok';
  });

  it('mails a failed check to an email recipient through the system SMTP server, with a permalink', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url, SMTP_FROM: 'Opsdeck <alerts@example.org>' });
    const ruleId = await addRule(db, { url: 'smtp://system/?To=oncall%40example.com' });
    const { checkId } = await addCheck(db, 'checkout-home');

    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);

    const mail = await smtp.waitForMail((m) => m.to.includes('oncall@example.com'));
    expect(mail.subject).toBe('Check checkout-home has failed');
    const link = `http://127.0.0.1/health?layout=table&checkId=${checkId}&timeRange=1h`;
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(link);
    expect(mail.headerFrom).toBe('Opsdeck <alerts@example.org>');
    const [row] = await history(db, ruleId);
    expect(row).toMatchObject({
      status: 'sent',
      recipient: 'oncall@example.com',
      source_event: 'check.failed',
      resource_id: checkId,
      resource: { id: checkId, name: 'checkout-home', type: 'http' },
    });
    expect(row?.body).toContain('<strong>checkout-home</strong>');
    expect(row?.duration_millis).toBeGreaterThanOrEqual(0);
  });

  it('records an error, not a send, when no system SMTP server is configured', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, { url: 'smtp://system/?To=oncall%40example.com' });
    const { checkId } = await addCheck(db, 'no-smtp');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    expect(await history(db, ruleId)).toMatchObject([
      { status: 'error', error: 'email needs the system SMTP server: SMTP_URL is not set' },
    ]);
  });

  it('posts Slack-, Teams-, Discord-, ntfy- and generic-webhook-shaped requests', async () => {
    const ctx = notificationContext(db);
    const base = hooks.url;
    const host = base.replace('http://', '');
    await addRule(db, { name: 'slack', url: `slack+${base}/slack/T0/B0/xyz` });
    await addRule(db, { name: 'teams', url: `teams+${base}/teams/workflow` });
    await addRule(db, { name: 'discord', url: `discord+${base}/api/webhooks/42/tok` });
    await addRule(db, { name: 'ntfy', url: `ntfy://${host}/alerts?scheme=http` });
    await addRule(db, {
      name: 'generic',
      url: `generic+${base}/generic?TitleKey=subject&MessageKey=text`,
      title: 'Down: {{.check.name}}',
      template: 'Message was {{.check_status.message}}',
    });
    const { checkId } = await addCheck(db, 'api-health');
    await db.query(
      `INSERT INTO check_statuses (check_id, time, status, message, duration) VALUES ($1, now(), false, 'HTTP 503', 10)`,
      [checkId],
    );

    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);

    const byPath = (p: string) => hooks.hooks.find((h) => h.path.startsWith(p));
    expect(hooks.hooks).toHaveLength(5);
    const slack = JSON.parse(byPath('/slack/T0/B0/xyz')!.body) as { text: string };
    expect(slack.text).toMatch(/^\*Check api-health has failed\*\n/);
    const teams = JSON.parse(byPath('/teams/workflow')!.body) as {
      type: string;
      attachments: { content: { body: { text: string }[] } }[];
    };
    expect(teams.type).toBe('message');
    expect(teams.attachments[0]?.content.body[0]?.text).toBe('Check api-health has failed');
    const discord = JSON.parse(byPath('/api/webhooks/42/tok')!.body) as { content: string };
    expect(discord.content).toMatch(/^\*\*Check api-health has failed\*\*\n/);
    const ntfy = byPath('/alerts')!;
    expect(ntfy.headers.title).toBe('Check api-health has failed');
    expect(ntfy.body).toContain('api-health');
    const generic = byPath('/generic')!;
    expect(generic.method).toBe('POST');
    expect(JSON.parse(generic.body)).toEqual({ subject: 'Down: api-health', text: 'Message was HTTP 503' });
    expect((await history(db)).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });

  it('stores a failed delivery as error, without the secrets of the sender URL', async () => {
    const ctx = notificationContext(db);
    hooks.answer.status = 500;
    // A peer that echoes what it was sent, token included.
    hooks.answer.body = (h) => `bad request to ${h.path}`;
    const ruleId = await addRule(db, { url: `slack+${hooks.url}/services/s3cr3t-token-value` });
    const { checkId } = await addCheck(db, 'echo');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    const [row] = await history(db, ruleId);
    expect(row?.status).toBe('error');
    expect(row?.error).toContain('answered HTTP 500');
    expect(row?.error).not.toContain('s3cr3t-token-value');
    expect(row?.body ?? '').not.toContain('s3cr3t-token-value');
  });

  it('fans a team rule out to the team notification settings, each with its own filter', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url });
    const team = await db.query<{ id: string }>(
      `INSERT INTO teams (name, spec) VALUES ('Payments', $1) RETURNING id`,
      [
        JSON.stringify({
          notifications: [
            { url: `generic+${hooks.url}/payments` },
            { emails: ['pay-lead@example.com'], filter: "check.name == 'never'" },
          ],
        }),
      ],
    );
    const ruleId = await addRule(db, { team_id: team.rows[0]!.id });
    const { checkId } = await addCheck(db, 'card-auth');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    expect(hooks.hooks.map((h) => h.path)).toEqual(['/payments']);
    expect(await history(db, ruleId)).toMatchObject([
      { status: 'sent', recipient: `Payments: generic+http://${hooks.url.slice(7)}` },
    ]);
  });

  it('keeps a rule whose team or person does not exist yet erroring by name, then sends once it exists', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url });
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notifications (name, events, recipient_ref) VALUES ('waits', '{check.failed}', '{"person": "late@example.com"}')
       RETURNING id`,
    );
    const ruleId = rows[0]!.id;
    const { checkId } = await addCheck(db, 'late-check');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    expect(await history(db, ruleId)).toEqual([]);
    expect((await db.query('SELECT error FROM notifications WHERE id = $1', [ruleId])).rows[0]).toEqual({
      error: 'person late@example.com not found',
    });

    // The person arrives (people are invited, not applied): the rule's next event finds them.
    await db.query(`INSERT INTO people (name, email) VALUES ('Late Comer', 'late@example.com')`);
    await setCheckStatus(db, checkId, 'healthy');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    await smtp.waitForMail((m) => m.to.includes('late@example.com'));
    expect(
      (
        await db.query(
          'SELECT error, recipient_ref, person_id IS NOT NULL AS has_person FROM notifications WHERE id = $1',
          [ruleId],
        )
      ).rows[0],
    ).toEqual({ error: null, recipient_ref: null, has_person: true });
  });
});
