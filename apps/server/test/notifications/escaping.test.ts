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

/** What a check printed: a link that looks like ours and an HTML tag. */
const LINK = '[Re-authenticate](https://evil.example/sso-login)';
const TAG = '<img src=x onerror=alert(1)>';
const OUTPUT = `Token expired. ${LINK} ${TAG}`;

describe.each(DB_KINDS)('values in notification bodies are text, on %s', (kind) => {
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
  });

  /** A check that fails with OUTPUT as its message, through the event pipeline to every rule. */
  async function failCheck(name: string): Promise<void> {
    const { checkId } = await addCheck(db, name);
    await db.query(
      `INSERT INTO check_statuses (check_id, time, status, message, duration) VALUES ($1, now(), false, $2, 10)`,
      [checkId, OUTPUT],
    );
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(notificationContext(db, { SMTP_URL: smtp.url }));
  }

  const webhook = (path: string) => {
    const hook = hooks.hooks.find((h) => h.path.startsWith(path));
    if (!hook) throw new Error(`nothing was posted to ${path}`);
    return JSON.parse(hook.body) as Record<string, string>;
  };

  it('sends a check output holding a Markdown link and an HTML tag as text to email, Slack and a webhook', async () => {
    const emailRule = await addRule(db, { url: 'smtp://system/?To=text%40example.com' });
    await addRule(db, { url: `slack+${hooks.url}/slack/T0/B0/xyz` });
    await addRule(db, {
      url: `generic+${hooks.url}/generic`,
      template: 'Output: {{ .check_status.message }}',
    });
    await failCheck('sso-login');

    const mail = await smtp.waitForMail((m) => m.to.includes('text@example.com'));
    // No link to the other site; the characters as they were, the tag escaped.
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(mail.html).toContain(`Token expired. ${LINK} &lt;img src=x onerror=alert(1)&gt;`);
    expect(mail.text).toContain(OUTPUT);
    const [row] = await history(db, emailRule);
    expect(row?.status).toBe('sent');
    expect(row?.body).not.toContain('href="https://evil.example');

    // Slack has no Markdown links; its own <…> links and mentions are shown as entities.
    const slack = webhook('/slack/T0/B0/xyz');
    expect(slack.text).toContain(`Token expired. ${LINK} &lt;img src=x onerror=alert(1)&gt;`);
    expect(slack.text).not.toContain('<img');
    // Services that render Markdown get it escaped, so they show the characters too.
    expect(webhook('/generic').message).toBe(
      'Output: Token expired. \\[Re-authenticate\\](https://evil.example/sso-login) \\<img src=x onerror=alert(1)\\>',
    );
  });

  it('renders the value as Markdown when the rule asks with the markdown function; HTML stays text', async () => {
    await addRule(db, {
      url: 'smtp://system/?To=opt-in%40example.com',
      template: 'Output: {{ .check_status.message | markdown }}',
    });
    await addRule(db, {
      url: `generic+${hooks.url}/opt-in`,
      template: 'Output: {{ .check_status.message | markdown }}',
    });
    await failCheck('sso-opt-in');

    const mail = await smtp.waitForMail((m) => m.to.includes('opt-in@example.com'));
    expect(mail.html).toContain('<a href="https://evil.example/sso-login">Re-authenticate</a>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(webhook('/opt-in').message).toBe(
      `Output: Token expired. Re-authenticate (https://evil.example/sso-login) ${TAG}`,
    );
  });
});
