import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { STOPPED_MESSAGE } from '../../src/playbooks/engine/index.js';
import { freshDb } from '../helpers.js';
import { attempts, drive, engineContext, exec, insertRun, runRow } from './engine-helpers.js';

const CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));

describe('a playbook run survives kill -9 of the process running it (PostgreSQL)', () => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb('postgresql');
    ({ db, drop } = fresh);
    url = fresh.url ?? '';
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });

  it('fails the action in flight once ("the server stopped…"), never re-runs it, and another engine finishes the run', async () => {
    // The script reports its start to a loopback counter: its sandbox keeps no files.
    let starts = 0;
    const counter = net.createServer((socket) => {
      starts++;
      socket.end();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const { port } = counter.address() as AddressInfo;
    const runId = await insertRun(db, {
      actions: [
        exec('first', 'echo first'),
        exec('long', `exec 4<>/dev/tcp/127.0.0.1/${port}; sleep 4`),
        exec('skipped after failure', 'echo no'),
        exec('report', 'echo report', { if: 'always()' }),
      ],
    });
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      const end = Date.now() + 60_000;
      // Killed only once the script has really started: 'running' is written just before it spawns.
      while (
        starts === 0 ||
        !(await attempts(db, runId)).some((r) => r.name === 'long' && r.status === 'running')
      ) {
        if (Date.now() > end || child.exitCode !== null)
          throw new Error(`the child never ran the action:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await runRow(db, runId)).claimed_by).toBe('child-engine');
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const run = await drive(engineContext(db), runId, { leaseMs: 1500, timeoutMs: 30_000 });
    expect(run.status).toBe('failed');
    expect(run.claimed_by).toBeNull();
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
      ['first', 'completed', null],
      ['long', 'failed', STOPPED_MESSAGE],
      ['report', 'completed', null],
    ]);
    expect(rows.filter((r) => r.error === STOPPED_MESSAGE)).toHaveLength(1);
    // The script itself started exactly once.
    counter.close();
    expect(starts).toBe(1);
  }, 90_000);
});
