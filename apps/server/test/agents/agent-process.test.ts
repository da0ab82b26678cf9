import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server.js';
import { freePort } from '../free-port.js';
import { freshDb, signIn, type TestServer } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';
import { attempts, drive, exec, insertRun } from '../playbooks/engine-helpers.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * Two real processes: this one is the upstream (PostgreSQL, its run engine driven by the test),
 * the other is `opsdeck agent` on its own embedded database, started with the token the
 * upstream generated. A playbook action with `runsOn: [edge]` must run in the agent process.
 */
describe('a runsOn playbook action runs in a real agent process', () => {
  let upDb: Awaited<ReturnType<typeof freshDb>>;
  let upstream: RunningServer;
  let port: number;
  let agent: ChildProcess;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-agent-'));
  // The agent's temporary folder: its scripts' work folders are made there, the upstream's are not.
  const agentTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-agent-tmp-'));
  fs.chmodSync(agentTmp, 0o755);
  const startUpstream = () =>
    startServer(inProcessConfig({ AUTH_MODE: 'builtin', PORT: String(port), HOST: '127.0.0.1' }), {
      db: upDb.db,
      scheduler: false,
    });

  beforeAll(async () => {
    upDb = await freshDb('postgresql');
    port = await freePort();
    upstream = await startUpstream();
    const baseUrl = `http://127.0.0.1:${port}`;
    const admin = await signIn({ ...upstream, db: upDb.db, baseUrl } as TestServer, 'admin');
    const res = await fetch(`${baseUrl}/api/agent/generate`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'edge' }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    agent = spawn(process.execPath, ['--import', 'tsx', MAIN, 'agent'], {
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        TMPDIR: agentTmp,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        UPSTREAM_URL: baseUrl,
        UPSTREAM_TOKEN: access_token,
        AGENT_NAME: 'edge',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    agent.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    agent.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  }, 60_000);

  afterAll(async () => {
    if (agent.exitCode === null) {
      const exited = new Promise((r) => agent.once('exit', r));
      agent.kill('SIGTERM');
      await exited;
    }
    await upstream.stop();
    await upDb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(agentTmp, { recursive: true, force: true });
  });

  const spec = {
    parameters: [{ name: 'dir', label: 'Dir' }],
    actions: [
      exec('on-edge', 'echo "dir=$PWD agent={{.agent.name}} param={{.params.dir}}"; hostname', {
        runsOn: ['edge'],
      }),
      exec('upstream', 'echo "dir=$PWD got {{ (getAction "on-edge").result.stdout | trim }}"'),
    ],
  };

  it('runs the exec action in the agent process and the run completes upstream with its output', async () => {
    const runId = await insertRun(upDb.db, spec, { parameters: { dir: dataDir } });
    const run = await drive(upstream.ctx, runId, { timeoutMs: 90_000 }).catch((e: unknown) => {
      throw new Error(`${(e as Error).message}\nagent output:\n${output}`);
    });
    expect(run.status).toBe('completed');
    const [onEdge, here] = await attempts(upDb.db, runId);
    const stdout = String(onEdge?.result?.stdout);
    // A script's work folder lies in the temporary folder of the process that ran it (scripts
    // cannot see other processes): the agent's, not this upstream's.
    const agentWork = `dir=${fs.realpathSync(agentTmp)}/opsdeck-script-`;
    expect(stdout).toContain(agentWork);
    expect(stdout).toContain(` agent=edge param=${dataDir}`);
    expect(stdout).toContain(os.hostname());
    const upstreamOut = String(here?.result?.stdout);
    expect(upstreamOut).toContain(`dir=${fs.realpathSync(os.tmpdir())}/opsdeck-script-`);
    expect(upstreamOut.split(' got ')[0]).not.toContain(agentTmp);
    expect(upstreamOut.split(' got ')[1]).toContain(agentWork);
    const { rows } = await upDb.db.query(
      `SELECT a.name AS action, (f.agent ->> 'name') AS agent FROM get_playbook_run_actions($1) f
         JOIN playbook_run_actions a ON a.id = f.id ORDER BY f.start_time`,
      [runId],
    );
    expect(rows).toEqual([
      { action: 'on-edge', agent: 'edge' },
      { action: 'upstream', agent: null },
    ]);
  }, 120_000);

  it('keeps polling through an upstream outage and runs the next action once it is back', async () => {
    await upstream.stop();
    await new Promise((r) => setTimeout(r, 1500));
    upstream = await startUpstream();
    const runId = await insertRun(upDb.db, spec, { parameters: { dir: dataDir } });
    const run = await drive(upstream.ctx, runId, { timeoutMs: 90_000 }).catch((e: unknown) => {
      throw new Error(`${(e as Error).message}\nagent output:\n${output}`);
    });
    expect(run.status).toBe('completed');
    expect(output).toMatch(/polling the upstream for playbook actions failed; trying again after a back-off/);
  }, 120_000);
});
