import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/auth/sessions.js';
import { Browser, codeIn, startMailSink, type Flow } from '../auth/browser.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';
import { call, createPlaybook, echoAction, messageOf } from '../playbooks/client.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

type Mails = Awaited<ReturnType<typeof startMailSink>>;

/**
 * Issue 37, finding 4: a viewer changed their profile email to an address a playbook lists as
 * approver (one no person used) and approved the run. A new address now waits until the code
 * mailed to it is entered, and approvers are matched by person once resolved.
 */
describe.each(DB_KINDS)('an email change counts only once verified, on %s', (kind) => {
  let server: TestServer;
  let sink: Mails;
  let editor: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    sink = await startMailSink();
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin', SMTP_URL: sink.url });
    editor = await signIn(server, 'editor');
    admin = await signIn(server, 'admin');
  }, START_TIMEOUT);
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /** A viewer with a fresh session (recent enough for an email change) in a browser of their own. */
  async function viewer(): Promise<{ user: SignedIn; b: Browser }> {
    const user = await signIn(server, null);
    const b = new Browser(server.baseUrl);
    b.cookies.set(SESSION_COOKIE, (user.headers.cookie ?? '').split('=')[1] ?? '');
    return { user, b };
  }

  /** Asks for a new address in the settings flow, as the profile page does. */
  async function askFor(b: Browser, email: string) {
    const { body: flow } = await b.startFlow('settings');
    return b.submit(flow, 'settings', {
      method: 'profile',
      'traits.email': email,
      'traits.name.first': 'Val',
      'traits.name.last': 'Viewer',
    });
  }

  /** The verification flow the mail to `email` links to, and its code. */
  async function mailedCode(b: Browser, email: string): Promise<{ flow: Flow; code: string }> {
    const mail = sink.last(email);
    const id = /verification\?flow=([0-9a-f-]{36})/.exec(mail)?.[1] ?? '';
    const { body: flow } = await b.json<Flow>(`/api/auth/self-service/verification/flows?id=${id}`);
    return { flow, code: codeIn(mail) };
  }

  const addressOf = async (personId: string) => {
    const { rows } = await server.db.query<{ person: string; identity: string; pending: string | null }>(
      `SELECT p.email AS person, i.traits->>'email' AS identity, i.pending_email AS pending
         FROM people p JOIN identities i ON i.id = p.id WHERE p.id = $1`,
      [personId],
    );
    return rows[0];
  };

  const pendingRun = async (approvers: string[]) => {
    const pb = await createPlaybook(server, editor, {
      approval: { type: 'any', approvers: { people: approvers } },
      actions: [echoAction],
    });
    const a = await call(server, editor, 'POST', '/api/playbook/run', { id: pb.id });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    return (a.body as { run_id: string }).run_id;
  };
  const approve = (who: SignedIn, runId: string) =>
    call(server, who, 'POST', `/api/playbook/run/approve/${runId}`);
  const statusOf = async (runId: string) =>
    (await server.db.query<{ status: string }>('SELECT status FROM playbook_runs WHERE id = $1', [runId]))
      .rows[0]?.status;

  it('keeps a new address pending: the old one still counts, and the claimed approver address approves nothing', async () => {
    const { user, b } = await viewer();
    const claimed = `approver-${Date.now()}@example.com`;
    const runId = await pendingRun([claimed]);
    const asked = await askFor(b, claimed);
    expect(asked.status).toBe(200);
    expect(asked.body.ui.messages?.map((m) => m.text)).toEqual([
      'Your changes have been saved!',
      `We sent a verification code to ${claimed}. Your email address changes once you enter it on the verification page (the mail has the link); until then it stays ${user.email}.`,
    ]);
    const emailNode = asked.body.ui.nodes.find((n) => n.attributes.name === 'traits.email');
    expect(emailNode?.attributes.value).toBe(user.email);
    const pendingNode = asked.body.ui.nodes.find((n) => n.attributes.name === 'traits.email_pending');
    expect(pendingNode?.attributes.text?.text).toBe(claimed);
    expect(await addressOf(user.personId)).toEqual({
      person: user.email,
      identity: user.email,
      pending: claimed,
    });
    expect(sink.last(claimed)).toMatch(/asked to use this address/);

    const refused = await approve(user, runId);
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe('you are not allowed to approve this playbook run');
    expect(await statusOf(runId)).toBe('pending_approval');
    // A run made while the change is pending does not take it either.
    const later = await pendingRun([claimed]);
    expect((await approve(user, later)).status).toBe(403);

    // Sign-in and recovery know only the old address.
    expect((await new Browser(server.baseUrl).login(claimed, user.password)).status).toBe(400);
    expect((await new Browser(server.baseUrl).login(user.email, user.password)).status).toBe(200);
    const who = await b.json<{ identity: { traits: { email: string } } }>('/api/auth/sessions/whoami');
    expect(who.body.identity.traits.email).toBe(user.email);
  });

  it('changes the address once the code mailed to it is entered, and then the person approves as it', async () => {
    const { user, b } = await viewer();
    const next = `owner-${Date.now()}@example.com`;
    const runId = await pendingRun([next]);
    await askFor(b, next);
    const { flow, code } = await mailedCode(b, next);
    const wrong = await b.submit(flow, 'verification', {
      method: 'code',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.ui.messages?.[0]?.text).toMatch(/code is invalid/);
    expect((await addressOf(user.personId))?.person).toBe(user.email);
    const done = await b.submit(wrong.body, 'verification', { method: 'code', code });
    expect(done.status).toBe(200);
    expect(done.body.ui.messages?.map((m) => m.text)).toEqual([
      'You successfully verified your email address.',
    ]);
    expect(await addressOf(user.personId)).toEqual({ person: next, identity: next, pending: null });
    expect((await new Browser(server.baseUrl).login(next, user.password)).status).toBe(200);
    expect((await new Browser(server.baseUrl).login(user.email, user.password)).status).toBe(400);
    expect((await approve(user, runId)).status).toBe(200);
    expect(await statusOf(runId)).toBe('scheduled');
  });

  it('a code for an address replaced by a later change, or taken meanwhile, changes nothing', async () => {
    const { user, b } = await viewer();
    const first = `first-${Date.now()}@example.com`;
    const second = `second-${Date.now()}@example.com`;
    await askFor(b, first);
    const stale = await mailedCode(b, first);
    await askFor(b, second);
    const answer = await b.submit(stale.flow, 'verification', { method: 'code', code: stale.code });
    expect(answer.body.ui.messages?.[0]?.text).toMatch(/code is invalid/);
    expect(await addressOf(user.personId)).toEqual({
      person: user.email,
      identity: user.email,
      pending: second,
    });

    const fresh = await mailedCode(b, second);
    await signIn(server, 'viewer', second);
    const taken = await b.submit(fresh.flow, 'verification', { method: 'code', code: fresh.code });
    expect(taken.body.ui.messages?.[0]?.text).toMatch(/exists already/);
    expect((await addressOf(user.personId))?.person).toBe(user.email);
  });

  it('sending the current address again forgets a pending change', async () => {
    const { user, b } = await viewer();
    await askFor(b, `dropped-${Date.now()}@example.com`);
    const again = await askFor(b, user.email);
    expect(again.body.ui.messages?.map((m) => m.text)).toEqual(['Your changes have been saved!']);
    expect(await addressOf(user.personId)).toEqual({
      person: user.email,
      identity: user.email,
      pending: null,
    });
  });

  it('approvers are matched by the person an address was resolved to, not whoever holds it later', async () => {
    const listed = await signIn(server, 'viewer');
    const successor = await signIn(server, 'viewer');
    const address = listed.email;
    const runId = await pendingRun([address]);
    // The address moves to someone else after the run was made (an admin's edits).
    const update = (id: string, email: string) =>
      call(server, admin, 'POST', '/api/people/update', { id, email });
    expect((await update(listed.personId, `moved-${Date.now()}@example.com`)).status).toBe(200);
    expect((await update(successor.personId, address)).status).toBe(200);
    const refused = await approve(successor, runId);
    expect(refused.status).toBe(403);
    expect(await statusOf(runId)).toBe('pending_approval');
    expect((await approve(listed, runId)).status).toBe(200);
    expect(await statusOf(runId)).toBe('scheduled');
  });
});
