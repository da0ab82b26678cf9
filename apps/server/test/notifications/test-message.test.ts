import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../peers/smtp.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { addCheck as addCheckRow, setCheckStatus } from './fixtures.js';

type Answer = { status: number; body: Record<string, unknown> };

describe.each(DB_KINDS)("a notification rule's test message, before it is saved, on %s", (kind) => {
  let server: TestServer;
  let smtp: SmtpSink;
  let editor: SignedIn;
  let viewer: SignedIn;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    server = await startTestServer(
      kind,
      {},
      { AUTH_MODE: 'builtin', SMTP_URL: smtp.url, SMTP_FROM: 'Opsdeck <alerts@example.org>' },
    );
    editor = await signIn(server, 'editor');
    viewer = await signIn(server, 'viewer');
  });
  afterAll(async () => {
    await server.close();
    await smtp.stop();
  });

  async function send(who: SignedIn, body: unknown): Promise<Answer> {
    const res = await fetch(`${server.baseUrl}/api/notification/test`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** A check whose canary the server's scheduler leaves alone (its empty spec would remove the check). */
  async function addCheck(name: string, labels: Record<string, string> = {}) {
    const added = await addCheckRow(server.db, name, labels);
    await server.db.query(`UPDATE canaries SET next_runtime = now() + interval '1 day' WHERE id = $1`, [
      added.canaryId,
    ]);
    return added;
  }

  const toOncall = { custom_services: [{ url: 'smtp://system/?To=oncall%40example.com' }] };

  it('says so when there is nothing yet to write about, and when no recipient is chosen', async () => {
    expect(await send(editor, { events: ['check.failed'], ...toOncall })).toMatchObject({
      status: 409,
      body: { error: 'There is no health check yet to write a test message about' },
    });
    expect(await send(editor, { events: ['playbook.run.failed'], ...toOncall })).toMatchObject({
      status: 400,
      body: { fields: ['events'] },
    });
    expect(await send(editor, { events: [], ...toOncall })).toMatchObject({ status: 400 });
  });

  it('mails the message the rule would send about a failing check, and stores nothing', async () => {
    await addCheck('checkout-ok');
    const { checkId } = await addCheck('checkout-down');
    await setCheckStatus(server.db, checkId, 'unhealthy');
    const before = await server.db.query('SELECT 1 FROM notification_send_history');

    const answer = await send(editor, {
      events: ['check.failed'],
      title: 'Test: {{.check.name}} is {{.check.status}}',
      ...toOncall,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        event: 'check.failed',
        resource: { type: 'check', id: checkId, name: 'checkout-down' },
        title: 'Test: checkout-down is unhealthy',
        results: [{ recipient: 'oncall@example.com', status: 'sent' }],
      },
    });
    const mail = await smtp.waitForMail((m) => m.subject === 'Test: checkout-down is unhealthy');
    expect(mail.to).toContain('oncall@example.com');
    expect(mail.html).toContain('<strong>checkout-down</strong>');
    const after = await server.db.query('SELECT 1 FROM notification_send_history');
    expect(after.rows.length).toBe(before.rows.length);
  });

  it('refuses a title or body template that does not render, naming its field, and sends nothing', async () => {
    for (const field of ['title', 'template']) {
      const answer = await send(editor, { events: ['check.failed'], [field]: '{{.check.name', ...toOncall });
      expect(answer).toMatchObject({ status: 400, body: { fields: [field] } });
      expect(String(answer.body.error)).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("is about a resource the rule's filter lets through; a filter that does not compile is the filter's error", async () => {
    const { checkId } = await addCheck('payments-api', { team: 'payments' });
    const answer = await send(editor, {
      events: ['check.failed'],
      filter: "check.labels.team == 'payments'",
      ...toOncall,
    });
    expect(answer.body).toMatchObject({
      resource: { id: checkId, name: 'payments-api' },
      passesFilter: true,
      title: 'Check payments-api has failed',
    });
    // None passes: the test is about the latest failing check, and says the filter would skip it.
    const down = await addCheck('orders-down');
    await setCheckStatus(server.db, down.checkId, 'unhealthy');
    await server.db.query('UPDATE checks SET last_runtime = now() WHERE id = $1', [down.checkId]);
    const none = await send(editor, {
      events: ['check.failed'],
      filter: "check.name == 'nothing'",
      ...toOncall,
    });
    expect(none.body).toMatchObject({ passesFilter: false, resource: { name: 'orders-down' } });
    expect(
      await send(editor, { events: ['check.failed'], filter: 'check.name ==', ...toOncall }),
    ).toMatchObject({
      status: 400,
      body: { fields: ['filter'] },
    });
  });

  it('is for those who may write notification rules', async () => {
    expect((await send(viewer, { events: ['check.failed'], ...toOncall })).status).toBe(403);
  });
});
