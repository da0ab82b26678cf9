import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/lib/secrets/index.js';
import { loadConfig } from '../../src/config.js';
import { executeCheck } from '../../src/health/run-check.js';
import { sandboxPolicy } from '../../src/sandbox/policy.js';
import { runScript, SCRIPT_PATH, type ScriptPolicy } from '../../src/sandbox/run-script.js';
import { startTestServer, type TestServer } from '../helpers.js';

const isRoot = process.getuid?.() === 0;
const policy: ScriptPolicy = { disabled: false, user: 'nobody' };
const run = (script: string, extra: Partial<Parameters<typeof runScript>[0]> = {}) =>
  runScript({ script, timeoutMs: 10_000, policy, ...extra });

/** The variables the script's process was started with (bash adds PWD, SHLVL and _ later). */
const STARTED_WITH = `tr '\\0' '\\n' < /proc/$$/environ`;

function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.split(') ')[1]?.startsWith('Z') ?? true; // a zombie waits for init to reap it
  } catch {
    return true;
  }
}

describe('the script sandbox', () => {
  it('gives a script PATH, HOME and LANG plus its own env, never the server environment', async () => {
    process.env.OPSDECK_SERVER_ONLY = 'server-secret';
    try {
      const r = await run(STARTED_WITH, { env: { WHO: 'ops' } });
      expect(r.exitCode).toBe(0);
      const env = Object.fromEntries(
        r.stdout
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'WHO']);
      expect(env).toMatchObject({ PATH: SCRIPT_PATH, LANG: 'C.UTF-8', WHO: 'ops' });
      expect(r.stdout).not.toContain('server-secret');
    } finally {
      delete process.env.OPSDECK_SERVER_ONLY;
    }
  });

  it('runs in a fresh private working directory that is its HOME and is removed afterwards', async () => {
    const script = 'pwd; echo "$HOME"; stat -c "%a %u" .; ls -A | wc -l; echo note > left-behind.txt';
    const first = await run(script);
    const second = await run(script);
    const [dir, home, mode, entries] = first.stdout.trim().split('\n');
    expect(home).toBe(dir);
    expect(mode).toBe(`700 ${isRoot ? 65534 : process.getuid?.()}`);
    expect(entries?.trim()).toBe('0');
    expect(dir).not.toBe(process.cwd());
    expect(second.stdout.split('\n')[0]).not.toBe(dir);
    expect(fs.existsSync(dir ?? '/')).toBe(false);
  });

  it('kills the whole process group when the time limit passes', async () => {
    const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-pid-')), 'pid');
    fs.chmodSync(path.dirname(pidFile), 0o777);
    const r = await run(`sleep 300 & echo $! > ${pidFile}; wait`, { timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe('SIGKILL');
    const child = Number(fs.readFileSync(pidFile, 'utf8'));
    // SIGKILL is delivered at once; the kernel may take a moment to tear the child down.
    for (let i = 0; i < 50 && !gone(child); i++) await new Promise((res) => setTimeout(res, 20));
    expect(gone(child)).toBe(true);
    fs.rmSync(path.dirname(pidFile), { recursive: true, force: true });
  });

  it('keeps at most maxOutputBytes of each stream and says it cut', async () => {
    const big = await run(`head -c 3000000 /dev/zero | tr '\\0' x; echo done >&2`);
    expect(big.exitCode).toBe(0);
    expect(big.stdout.length).toBe(1024 * 1024);
    expect(big.truncated).toBe(true);
    expect(big.stderr).toBe('done\n');
    const small = await run('echo 0123456789', { maxOutputBytes: 4 });
    expect(small).toMatchObject({ stdout: '0123', truncated: true });
    expect((await run('echo short')).truncated).toBe(false);
  });

  it('reports truncation to exec checks too', async () => {
    const dataDir = path.join(os.tmpdir(), 'opsdeck-no-data');
    const opts = {
      defaultTimeoutMs: 10_000,
      sandbox: sandboxPolicy(loadConfig({ DATA_DIR: dataDir })),
      templateVars: {},
    };
    const r = await executeCheck('exec', { script: "head -c 2000000 /dev/zero | tr '\\0' y" }, opts);
    expect(r.pass).toBe(true);
    expect(r.details.truncated).toBe(true);
  });

  it('refuses every script under DISABLE_EXEC, and under its old name DISABLE_EXEC_CHECKS', async () => {
    for (const env of [{ DISABLE_EXEC: 'true' }, { DISABLE_EXEC_CHECKS: 'true' }]) {
      const { scripts } = sandboxPolicy(loadConfig(env));
      await expect(runScript({ script: 'echo hi', timeoutMs: 1000, policy: scripts })).rejects.toThrow(
        'running scripts is disabled on this server (DISABLE_EXEC)',
      );
    }
    expect(sandboxPolicy(loadConfig({})).scripts.disabled).toBe(false);
  });
});

// Without root there is no user switch: scripts run as the server's user (docs/security.md).
describe.skipIf(!isRoot)(
  'the script sandbox when the server is root (skipped when the tests do not run as root)',
  () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-data-'));
      new SecretBox(undefined, dataDir).ensureKey(); // DATA_DIR/secret.key, mode 0600
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n', { mode: 0o644 });
      // As a careless installation might leave it: readable by everyone.
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'pgdata'), 0o755);
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const asServer = (script: string) =>
      run(script, { env: { DATA_DIR: dataDir }, policy: { ...policy, dataDir } });

    it('runs scripts as EXEC_USER (nobody), not root', async () => {
      const r = await asServer('id -u; id -g; id -G');
      expect(r.stdout.trim().split('\n')).toEqual(['65534', '65534', '65534']);
    });

    it('cannot read secret.key, the database files or the data folder', async () => {
      const key = await asServer('cat "$DATA_DIR/secret.key"');
      expect(key.exitCode).not.toBe(0);
      expect(key.stderr).toMatch(/Permission denied/);
      const db = await asServer('cat "$DATA_DIR/pgdata/PG_VERSION"');
      expect(db.exitCode).not.toBe(0);
      expect(db.stdout).toBe('');
      const list = await asServer('ls "$DATA_DIR"');
      expect(list.exitCode).not.toBe(0);
      expect(list.stdout).not.toContain('secret.key');
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    });

    it('leaves a shared sticky folder given as DATA_DIR (/tmp) open to its other users', async () => {
      const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-shared-'));
      try {
        fs.chmodSync(shared, 0o1777);
        const r = await run('true', { policy: { ...policy, dataDir: shared } });
        expect(r.exitCode).toBe(0);
        expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
      } finally {
        fs.rmSync(shared, { recursive: true, force: true });
      }
    });

    it("cannot read the server process's environment", async () => {
      const r = await asServer(`cat /proc/${process.pid}/environ`);
      expect(r.exitCode).not.toBe(0);
      expect(r.stderr).toMatch(/Permission denied/);
      expect(r.stdout).toBe('');
    });

    it('refuses an EXEC_USER that is root', async () => {
      await expect(run('id -u', { policy: { ...policy, user: 'root' } })).rejects.toThrow(
        'EXEC_USER root is root: scripts must run as an unprivileged user',
      );
      await expect(run('id -u', { policy: { ...policy, user: 'no-such-user-here' } })).rejects.toThrow(
        'no such user',
      );
    });
  },
);

describe('exec checks through the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { DISABLE_EXEC: 'true' });
  });
  afterAll(async () => server?.close());

  it('fail with a clear message when DISABLE_EXEC is set', async () => {
    const saved = await fetch(`${server.baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: 'scripts', spec: { exec: [{ name: 'hello', script: 'echo hello' }] } }),
    });
    expect(saved.status).toBe(201);
    const { rows } = await server.db.query<{ id: string }>(`SELECT id FROM checks WHERE name = 'hello'`);
    const res = await fetch(`${server.baseUrl}/api/canary/run/check/${rows[0]?.id}`, { method: 'POST' });
    expect(await res.json()).toMatchObject({
      failed: 1,
      errors: ['hello: running scripts is disabled on this server (DISABLE_EXEC)'],
    });
  });
});
