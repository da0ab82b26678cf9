import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, type Flow } from '../auth/browser.js';
import { freePort } from '../free-port.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** A first start migrates a fresh embedded database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/** The mails in DATA_DIR/outbox, quoted-printable soft breaks undone. */
function outbox(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/**
 * A mail's six-digit code, as its text words it ("…code: 123456"). Not any six digits: the
 * Message-ID header is a random UUID that now and then holds six digits in a row, and the log
 * rightly names the file, whose name carries that ID.
 */
const CODE_IN_TEXT = /code: (\d{6})(?!\d)/g;

/** Every code and every link with a token in the mails. */
function secretsIn(mails: string[]): string[] {
  const text = mails.join('\n');
  const codes = [...text.matchAll(CODE_IN_TEXT)].map((m) => m[1] ?? '');
  const tokens = [...text.matchAll(/[?&](?:token|code)=([\w-]+)/g)].map((m) => m[1] ?? '');
  return [...new Set([...codes, ...tokens])].filter(Boolean);
}

/**
 * The whole sign-up, verification, recovery and invite story of a server without SMTP_URL —
 * the case that used to log each mail's text — run by the real command at the most verbose
 * level: its output names no code and no link.
 */
describe('a server without SMTP_URL logs no code or link', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-log-secrets-'));
  let child: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'trace',
        AUTH_MODE: 'builtin',
        AUTH_REGISTRATION: 'true',
        ADMIN_PASSWORD: 'first-admin-secret',
        DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (i > 2400) throw new Error(`server did not become ready:\n${output}`);
      const ready = await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, START_TIMEOUT);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers, verifies, recovers and invites with codes and links only in the outbox', async () => {
    const lastCode = () => [...(outbox(dataDir).at(-1) ?? '').matchAll(CODE_IN_TEXT)][0]?.[1] ?? '';
    // Registration signs the person in and mails a verification code, which verifies the address.
    const email = 'newcomer@example.com';
    const user = new Browser(base);
    const { body: registration } = await user.startFlow('registration');
    const registered = await user.submit<{ continue_with: { action: string; flow?: { id: string } }[] }>(
      registration,
      'registration',
      {
        method: 'password',
        'traits.email': email,
        'traits.name.first': 'New',
        'traits.name.last': 'Comer',
        password: 'registration-secret-9',
      },
    );
    expect(registered.status).toBe(200);
    const verificationId =
      registered.body.continue_with.find((c) => c.action === 'show_verification_ui')?.flow?.id ?? '';
    const { body: verification } = await user.json<Flow>(
      `/api/auth/self-service/verification/flows?id=${verificationId}`,
    );
    const verified = await user.submit(verification, 'verification', { method: 'code', code: lastCode() });
    expect(verified.status).toBe(200);

    // Recovery mails a code that opens a settings flow.
    const stranger = new Browser(base);
    const { body: recovery } = await stranger.startFlow('recovery');
    const sent = await stranger.submit(recovery, 'recovery', { method: 'code', email });
    expect(sent.status).toBe(200);
    const recovered = await stranger.submit(sent.body, 'recovery', { method: 'code', code: lastCode() });
    expect(recovered.status).toBe(422);

    // An invite mails a one-time link; opening it, as the invitee does, is a logged request too.
    const admin = new Browser(base);
    expect((await admin.login('admin@localhost', 'first-admin-secret')).status).toBe(200);
    const invite = await admin.json<{ link: string }>('/api/auth/invite_user', {
      json: { email: 'invitee@example.com', firstName: 'In', lastName: 'Vitee', role: 'viewer' },
    });
    expect(invite.status).toBe(201);
    const opened = await new Browser(base).fetch(
      new URL(invite.body.link).pathname + new URL(invite.body.link).search,
      {
        accept: 'html',
      },
    );
    expect(opened.status).toBeLessThan(400);

    const secrets = secretsIn(outbox(dataDir));
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    // Let the last log lines reach the pipe.
    await new Promise((r) => setTimeout(r, 500));
    expect(output).toMatch(/written to .*outbox/);
    for (const secret of secrets) {
      expect(output, `the log shows ${secret}`).not.toMatch(new RegExp(`(?<![\\w-])${secret}(?![\\w-])`));
    }
  });
});
