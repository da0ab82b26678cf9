import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/lib/secrets/index.js';
import { loadConfig, type Config } from '../../src/config.js';
import { executeCheck } from '../../src/health/run-check.js';
import { isolationRefusal } from '../../src/sandbox/isolation.js';
import { sandboxPolicy } from '../../src/sandbox/policy.js';
import {
  runScript,
  SCRIPT_PATH,
  scriptIsolationWarning,
  type ScriptPolicy,
  type ScriptResult,
} from '../../src/sandbox/run-script.js';
import type { Db } from '../../src/db/types.js';
import { startServer } from '../../src/server.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { scriptFixtureBase } from '../sandbox/fixture-base.js';
import { inProcessConfig } from '../in-process-config.js';

const isRoot = process.getuid?.() === 0;
const policy: ScriptPolicy = { disabled: false, user: 'nobody' };
const run = (script: string, extra: Partial<Parameters<typeof runScript>[0]> = {}) =>
  runScript({ script, timeoutMs: 10_000, policy, ...extra });

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./script-server-child.ts', import.meta.url));
/** A bubblewrap that is not there: isolation unavailable, as on a machine without the package. */
const MISSING_BWRAP = '/nonexistent/bwrap';
const MISSING_CAUSE = `bubblewrap is not installed (${MISSING_BWRAP} does not exist)`;
const unisolated: ScriptPolicy = { ...policy, isolation: { bwrap: MISSING_BWRAP, allowUnisolated: true } };

/** The variables the script's process was started with (bash adds PWD, SHLVL and _ later). */
const STARTED_WITH = `tr '\\0' '\\n' < /proc/$$/environ`;

/**
 * A folder outside every temporary folder (scripts see those empty as a whole), so a test
 * shows that the data folder or home in it is hidden for what it is; searchable by everyone.
 */
function fixtureDir(): string {
  const base = scriptFixtureBase();
  const dir = fs.mkdtempSync(path.join(base, 'sandbox-'));
  fs.chmodSync(dir, 0o755);
  return dir;
}

/** Processes of this machine whose command line holds `token` or whose working folder lies in `dir`. */
function processesOf(token: string, dir?: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.split(') ')[1]?.startsWith('Z')) continue; // a zombie waits for its parent to reap it
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const cwd = dir ? fs.readlinkSync(`/proc/${entry}/cwd`) : '';
      if (cmdline.includes(token) || (dir && cwd.startsWith(dir))) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to look at
    }
  }
  return found;
}

/** Polls until `done` holds (SIGKILL is delivered at once; the kernel may take a moment to tear down). */
async function eventually(done: () => boolean, limitMs = 20_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
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

  it('kills the whole sandbox when the time limit passes, background processes included', async () => {
    const token = `opsdeck-timeout-${crypto.randomBytes(6).toString('hex')}`;
    // Both sleeps carry the token as their name; one left the script's process group.
    const r = await run(`(exec -a ${token} sleep 300) & setsid bash -c 'exec -a ${token} sleep 300' & wait`, {
      timeoutMs: 1000,
    });
    expect(r.timedOut).toBe(true);
    // Killed, by the group kill or (on a busy machine, first) by the death guard's closed pipe.
    expect(r.signal === 'SIGKILL' || (r.exitCode ?? 0) !== 0).toBe(true);
    await eventually(() => processesOf(token).length === 0);
    expect(processesOf(token)).toEqual([]);
  });

  it('ends a script aborted while its sandbox is still being built', async () => {
    const abort = new AbortController();
    const running = run('sleep 3; echo finished', { signal: abort.signal });
    abort.abort(); // after runScript's first check, before bwrap has set anything up
    const r = await running;
    expect(r.timedOut).toBe(true);
    expect(r.stdout).toBe('');
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

  it('sees the machine read-only and resolves names', async () => {
    const r = await run('touch /usr/opsdeck-probe; cat /etc/hostname; getent hosts localhost');
    expect(r.stderr).toMatch(/Read-only file system/);
    expect(r.stdout).toContain(fs.readFileSync('/etc/hostname', 'utf8').trim());
    expect(r.stdout).toMatch(/127\.0\.0\.1|::1/);
    expect(fs.existsSync('/usr/opsdeck-probe')).toBe(false);
  });
});

describe('without working isolation', () => {
  const missing: ScriptPolicy = { ...policy, isolation: { bwrap: MISSING_BWRAP, allowUnisolated: false } };

  it('refuses every script with one message that names the cause and both ways out', async () => {
    const message = isolationRefusal(MISSING_CAUSE);
    expect(message).toBe(
      `scripts cannot run isolated on this server: ${MISSING_CAUSE}. Install bubblewrap (Debian: apt-get ` +
        'install bubblewrap) and allow unprivileged user namespaces, or set ALLOW_UNISOLATED_SCRIPTS=true ' +
        'to run scripts without isolation (unsafe)',
    );
    await expect(run('echo hi', { policy: missing })).rejects.toThrow(message);
    expect(await scriptIsolationWarning(missing)).toBe(message);
  });

  it('runs scripts as before with ALLOW_UNISOLATED_SCRIPTS=true, and says so at start', async () => {
    expect(sandboxPolicy(loadConfig({ ALLOW_UNISOLATED_SCRIPTS: 'true' })).scripts.isolation).toEqual({
      bwrap: '/usr/bin/bwrap',
      allowUnisolated: true,
    });
    expect(sandboxPolicy(loadConfig({})).scripts.isolation?.allowUnisolated).toBe(false);
    const r = await run('echo hi; id -u', { policy: unisolated });
    expect(r.stdout).toBe(`hi\n${isRoot ? 65534 : process.getuid?.()}\n`);
    expect(await scriptIsolationWarning(unisolated)).toBe(
      `scripts run WITHOUT isolation (ALLOW_UNISOLATED_SCRIPTS=true): ${MISSING_CAUSE}; they see the server's processes and can read whatever their user can`,
    );
  });

  it('says nothing at start when scripts run isolated', async () => {
    expect(await scriptIsolationWarning(policy)).toBeUndefined();
    expect(await scriptIsolationWarning({ ...policy, disabled: true })).toBeUndefined();
  });
});

type ServerUser = { name: string; uid: number; gid: number };
type ChildReport = { pid: number; results: Record<string, ScriptResult | { error: string }> };

function userNamed(name: string): ServerUser | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** Secrets in the stand-in server's environment, as a real server has them. */
const SERVER_ENV = {
  SECRET_KEY: `sk-${crypto.randomBytes(12).toString('hex')}`,
  DATABASE_URL: `postgres://opsdeck:db-${crypto.randomBytes(8).toString('hex')}@127.0.0.1/opsdeck`,
  OIDC_CLIENT_SECRET: `oidc-${crypto.randomBytes(8).toString('hex')}`,
  UPSTREAM_TOKEN: `up-${crypto.randomBytes(8).toString('hex')}`,
};

/** Starts the stand-in server (as `user`, or as this process's user) and waits for its report. */
function startServerProcess(
  user: ServerUser | undefined,
  home: string,
  job: { policy: ScriptPolicy; scripts: Record<string, string>; env?: Record<string, string> },
  extraEnv: Record<string, string> = {},
) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? SCRIPT_PATH,
      HOME: home,
      TMPDIR: os.tmpdir(),
      SCRIPT_JOB: JSON.stringify(job),
      ...SERVER_ENV,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const report = exited.then((): ChildReport => {
    const line = stdout.trim().split('\n').pop() ?? '';
    if (!line.startsWith('{')) throw new Error(`the server process did not report:\n${stdout}\n${stderr}`);
    return JSON.parse(line) as ChildReport;
  });
  return { child, exited, report };
}

/** What a script could read, asked of a server running as `user` (undefined: this process's user). */
function describeWhatScriptsReach(
  label: string,
  user: () => ServerUser | undefined,
  scriptUid: () => number,
) {
  describe(label, () => {
    let base: string;
    let dataDir: string;
    let home: string;
    let key: string;
    let report: ChildReport;
    const result = (name: string): ScriptResult => {
      const r = report.results[name];
      if (!r || 'error' in r) throw new Error(`${name}: ${r ? r.error : 'no result'}`);
      return r;
    };

    beforeAll(async () => {
      base = fixtureDir();
      dataDir = path.join(base, 'data');
      home = path.join(base, 'home');
      new SecretBox(undefined, dataDir).ensureKey(); // DATA_DIR/secret.key, mode 0600
      key = fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8');
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), 'pglite-files\n', { mode: 0o644 });
      fs.mkdirSync(path.join(home, '.kube'), { recursive: true });
      fs.writeFileSync(path.join(home, '.pgpass'), `*:*:*:opsdeck:${SERVER_ENV.DATABASE_URL}\n`, {
        mode: 0o600,
      });
      fs.writeFileSync(path.join(home, '.kube', 'config'), 'token: kube-secret\n', { mode: 0o600 });
      // As a careless installation might leave them: readable by everyone.
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(path.join(dataDir, 'pgdata'), 0o755);
      fs.chmodSync(home, 0o755);
      const owner = user();
      if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dataDir, home]);
      const server = startServerProcess(owner, home, {
        policy: { disabled: false, user: 'nobody', dataDir },
        env: { DATA_DIR: dataDir, SERVER_HOME: home },
        scripts: {
          whoami: 'id -u; cat /etc/hostname',
          key: 'cat "$DATA_DIR/secret.key"',
          data: 'ls -A "$DATA_DIR"; cat "$DATA_DIR/pgdata/PG_VERSION"',
          environ: 'cat /proc/$SERVER_PID/environ',
          cmdline: 'cat /proc/$SERVER_PID/cmdline',
          signal: 'kill -0 $SERVER_PID',
          pids: "ls /proc | grep -E '^[0-9]+$'",
          ps: 'ps -eo comm=',
          environments: "cat /proc/[0-9]*/environ | tr '\\0' '\\n'; env",
          home: 'ls -A "$SERVER_HOME" /root /home; cat "$SERVER_HOME/.pgpass" "$SERVER_HOME/.kube/config"',
        },
      });
      report = await server.report;
    }, 120_000);
    afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

    it('runs the scripts (as the user it should)', () => {
      expect(result('whoami').stdout).toBe(`${scriptUid()}\n${fs.readFileSync('/etc/hostname', 'utf8')}`);
    });

    it('cannot read the secret key file', () => {
      const r = result('key');
      expect(r.exitCode).not.toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/No such file or directory/);
      expect(key.length).toBeGreaterThan(16);
      expect(r.stderr).not.toContain(key);
    });

    it('sees the data folder empty: no secret.key, no database files', () => {
      const r = result('data');
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/PG_VERSION: No such file or directory/);
    });

    it("cannot read the server process's environ or cmdline, nor signal it: its pid does not exist there", () => {
      for (const name of ['environ', 'cmdline', 'signal']) {
        const r = result(name);
        expect(r.exitCode).not.toBe(0);
        expect(r.stdout).toBe('');
        expect(r.stderr).toMatch(/No such (file or directory|process)/);
      }
    });

    it('sees only the sandbox in /proc and ps', () => {
      const pids = result('pids').stdout.trim().split('\n').map(Number);
      expect(pids).not.toContain(report.pid);
      expect(Math.max(...pids)).toBeLessThan(20);
      // bwrap's own first process, the script's bash (unless it became ps) and ps itself.
      const seen = result('ps').stdout.trim().split('\n');
      expect(seen).toContain('ps');
      expect(seen.filter((c) => !['bwrap', 'bash', 'ps'].includes(c))).toEqual([]);
    });

    it("finds none of the server's environment variables in any process it can see", () => {
      const r = result('environments');
      expect(r.stdout).toContain(`DATA_DIR=${dataDir}`); // it did read its own
      for (const value of Object.values(SERVER_ENV)) expect(r.stdout).not.toContain(value);
    });

    it("cannot read the server user's home, nor anyone else's", () => {
      const r = result('home');
      expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['/home:', '/root:', `${home}:`].sort());
      expect(r.stderr).toMatch(/\.pgpass: No such file or directory/);
      expect(r.stderr).not.toContain('kube-secret');
    });
  });
}

const tester = userNamed('tester') ?? userNamed('nobody');
describe.skipIf(!isRoot)(
  'what a script can reach, server running as root (skipped: the tests do not run as root)',
  () => {
    describeWhatScriptsReach(
      'scripts as EXEC_USER nobody',
      () => undefined,
      () => 65534,
    );
  },
);
describe('what a script can reach, server running as an ordinary user', () => {
  // As root, a server process is started as the ordinary user `tester`; otherwise this process's user is the ordinary one.
  describeWhatScriptsReach(
    isRoot ? `server as ${tester?.name ?? 'tester'}` : 'server as this user',
    () => (isRoot ? tester : undefined),
    () => (isRoot ? (tester?.uid ?? -1) : (process.getuid?.() ?? -1)),
  );
});

describe('scripts die with the server', () => {
  for (const [label, scriptPolicy] of [
    ['isolated: the whole sandbox, background processes included', policy],
    ['unisolated (ALLOW_UNISOLATED_SCRIPTS): the script, through setpriv --pdeathsig', unisolated],
  ] as const) {
    it(
      label,
      async () => {
        const base = fixtureDir();
        const tmp = path.join(base, 'tmp'); // the stand-in server's TMPDIR: its work folders are here
        fs.mkdirSync(tmp, { mode: 0o755 });
        fs.chmodSync(tmp, 0o755);
        const token = `opsdeck-orphan-${crypto.randomBytes(6).toString('hex')}`;
        const background = scriptPolicy === policy ? '(sleep 3; echo late > background-marker) & ' : '';
        const script = `: ${token}; ${background}sleep 3; echo late > marker; wait`;
        const server = startServerProcess(
          undefined,
          base,
          { policy: scriptPolicy, scripts: { slow: script } },
          {
            TMPDIR: tmp,
          },
        );
        server.report.catch(() => {}); // killed: it never reports
        try {
          await eventually(() => processesOf(token).length > 0, 60_000);
          expect(processesOf(token).length).toBeGreaterThan(0);
          const [workDir] = fs.readdirSync(tmp).filter((f) => f.startsWith('opsdeck-script-'));
          expect(workDir).toBeDefined();
          const work = path.join(tmp, workDir ?? '');
          server.child.kill('SIGKILL');
          await server.exited;
          // Once nothing of the script is left, nothing can write the markers any more.
          await eventually(() => processesOf(token, work).length === 0);
          expect(processesOf(token, work)).toEqual([]);
          expect(fs.readdirSync(work)).toEqual([]);
        } finally {
          server.child.kill('SIGKILL');
          fs.rmSync(base, { recursive: true, force: true });
        }
      },
      90_000,
    );
  }
});

// The user switch on top of the namespaces when the server is root.
describe.skipIf(!isRoot)(
  'the script sandbox when the server is root (skipped when the tests do not run as root)',
  () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = fixtureDir();
      new SecretBox(undefined, dataDir).ensureKey(); // DATA_DIR/secret.key, mode 0600
      fs.mkdirSync(path.join(dataDir, 'pgdata'));
      fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '17\n', { mode: 0o644 });
      fs.chmodSync(path.join(dataDir, 'pgdata'), 0o755);
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const asServer = (script: string, p: ScriptPolicy = policy) =>
      run(script, { env: { DATA_DIR: dataDir }, policy: { ...p, dataDir } });

    it('runs scripts as EXEC_USER (nobody), not root, without supplementary groups', async () => {
      const r = await asServer('id -u; id -g; id -G');
      expect(r.stdout.trim().split('\n')).toEqual(['65534', '65534', '65534']);
    });

    it('makes the data folder private, so even unisolated scripts cannot read secret.key or the database files', async () => {
      const key = await asServer('cat "$DATA_DIR/secret.key"', unisolated);
      expect(key.exitCode).not.toBe(0);
      expect(key.stderr).toMatch(/Permission denied/);
      const db = await asServer('cat "$DATA_DIR/pgdata/PG_VERSION"', unisolated);
      expect(db.exitCode).not.toBe(0);
      expect(db.stdout).toBe('');
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

    it('still runs scripts when the data folder lies in a folder EXEC_USER cannot enter', async () => {
      const closed = fixtureDir();
      fs.chmodSync(closed, 0o700);
      const inside = path.join(closed, 'data');
      fs.mkdirSync(inside);
      try {
        const r = await run('echo ran', { policy: { ...policy, dataDir: inside } });
        expect(r).toMatchObject({ stdout: 'ran\n', exitCode: 0 });
      } finally {
        fs.rmSync(closed, { recursive: true, force: true });
      }
    });

    it("cannot read the server process's environment even unisolated", async () => {
      const r = await asServer(`cat /proc/${process.pid}/environ`, unisolated);
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
      expect(await scriptIsolationWarning({ ...policy, user: 'no-such-user-here' })).toBe(
        'scripts will fail: EXEC_USER no-such-user-here: no such user on this machine',
      );
    });
  },
);

describe.each(DB_KINDS)('exec checks through the server on %s', (kind) => {
  type Server = { baseUrl: string; stop(): Promise<void> };
  let db: Db;
  let drop: () => Promise<void>;
  let off: Server;
  let noBwrap: Server;
  let server: Server;
  let dataDir: string;
  /** Servers over one database (migrated once), each with its own configuration. */
  const start = async (env: Record<string, string>, overrides: Partial<Config> = {}): Promise<Server> => {
    const s = await startServer(inProcessConfig({ AUTH_MODE: 'none', ...env }, overrides), {
      db,
      scheduler: false,
    });
    return { baseUrl: s.url.replace('[::1]', '127.0.0.1'), stop: s.stop };
  };
  beforeAll(async () => {
    dataDir = fixtureDir();
    ({ db, drop } = await freshDb(kind));
    off = await start({ DISABLE_EXEC: 'true' });
    noBwrap = await start({}, { sandbox: { ...inProcessConfig({}).sandbox, bwrapPath: MISSING_BWRAP } });
    server = await start({ DATA_DIR: dataDir });
    // A key file in its data folder, as a server without SECRET_KEY has it.
    new SecretBox(undefined, dataDir).ensureKey();
  }, 120_000);
  afterAll(async () => {
    for (const s of [off, noBwrap, server]) await s?.stop();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function runExecCheck(s: Server, name: string, script: string) {
    const saved = await fetch(`${s.baseUrl}/api/db/canaries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify({ name: `scripts-${name}`, spec: { exec: [{ name, script }] } }),
    });
    expect(saved.status).toBe(201);
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM checks WHERE name = $1`, [name]);
    const res = await fetch(`${s.baseUrl}/api/canary/run/check/${rows[0]?.id}`, { method: 'POST' });
    const status = await db.query<{ error: string | null }>(
      'SELECT error FROM check_statuses WHERE check_id = $1',
      [rows[0]?.id],
    );
    return { summary: (await res.json()) as unknown, stored: status.rows[0]?.error };
  }

  it('fail with a clear message when DISABLE_EXEC is set', async () => {
    const { summary } = await runExecCheck(off, 'hello', 'echo hello');
    expect(summary).toMatchObject({
      failed: 1,
      errors: ['hello: running scripts is disabled on this server (DISABLE_EXEC)'],
    });
  });

  it('fail with the refusal, in the result too, when scripts cannot run isolated', async () => {
    const { summary, stored } = await runExecCheck(noBwrap, 'refused', 'echo hello');
    const message = isolationRefusal(MISSING_CAUSE);
    expect(summary).toMatchObject({ failed: 1, errors: [`refused: ${message}`] });
    expect(stored).toBe(message);
  });

  it("cannot read the server's key file", async () => {
    const { summary, stored } = await runExecCheck(server, 'key', `cat ${dataDir}/secret.key`);
    expect(summary).toMatchObject({ failed: 1 });
    expect(stored).toBe(`exit code 1: cat: ${dataDir}/secret.key: No such file or directory`);
  });
});
