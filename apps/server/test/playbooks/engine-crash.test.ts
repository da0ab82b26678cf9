import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import type { Db } from '../../src/db/types.js';
import { STOPPED_MESSAGE } from '../../src/playbooks/engine/index.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { attempts, drive, engineContext, exec, insertRun, runRow } from './engine-helpers.js';

const CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));
const RUNS = 20;

/** A loopback port that counts connections: scripts report to it (their sandbox keeps no files). */
async function counter(): Promise<{ port: number; count: () => number; close: () => void }> {
  let n = 0;
  const server = net.createServer((socket) => {
    n++;
    socket.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, count: () => n, close: () => server.close() };
}

/** Processes of this machine whose command line holds `token`. */
function processesWith(token: string): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.startsWith('Z')) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(token)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * SIGKILL of a process while it runs 20 playbook exec actions (issue: the scripts went on without
 * it and finished their work). Afterwards: no script is left, none finishes its work, no action
 * runs twice, and another engine ends every run truthfully.
 */
describe.each(DB_KINDS)('kill -9 during 20 running playbook actions (%s)', (kind) => {
  let db: Db | undefined;
  let env: Record<string, string>;
  let drop: () => Promise<void> = async () => {};
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (kind === 'postgresql') {
      const fresh = await freshDb('postgresql');
      db = fresh.db;
      drop = fresh.drop;
      await migrate(db);
      env = { DATABASE_URL: fresh.url ?? '' };
    } else {
      // PGlite is one process's: the child owns the data folder until it is killed.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-crash-'));
      const setup = await openPglite(dataDir);
      await migrate(setup);
      await setup.close();
      env = { DATA_DIR: dataDir };
    }
  });
  afterAll(async () => {
    await db?.close().catch(() => {});
    await drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no script running, runs no action twice, and every run ends saying the action was interrupted', async () => {
    const token = `opsdeck-crash-${crypto.randomBytes(6).toString('hex')}`;
    const started = await counter();
    const finished = await counter();
    // Each script says it started, then would say it finished its work 4 s later.
    const script =
      `exec 4<>/dev/tcp/127.0.0.1/${started.port}; exec 4>&-; ` +
      `(exec -a ${token} sleep 4); exec 5<>/dev/tcp/127.0.0.1/${finished.port}`;
    const spec = { actions: [exec('work', script), exec('report', 'echo report', { if: 'always()' })] };
    const ids: string[] = [];
    const writer = db ?? (await openPglite(dataDir ?? ''));
    for (let i = 0; i < RUNS; i++) ids.push(await insertRun(writer, spec));
    if (!db) await writer.close();

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      env: { ...process.env, ...env, ENGINE_CONCURRENCY: String(RUNS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      const end = Date.now() + 90_000;
      while (started.count() < RUNS) {
        if (Date.now() > end || child.exitCode !== null)
          throw new Error(`the child started ${started.count()} of ${RUNS} scripts:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // No script outlives the process: none is left, and none reaches the end of its work.
    const gone = Date.now() + 10_000;
    while (processesWith(token).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(token)).toEqual([]);
    await new Promise((r) => setTimeout(r, 5000));
    expect(finished.count()).toBe(0);

    // Another engine (this process) takes the runs over once the child's lease has run out.
    db ??= await openPglite(dataDir ?? '');
    const ctx = engineContext(db);
    for (const id of ids) {
      const run = await drive(ctx, id, { leaseMs: 1500, timeoutMs: 60_000, concurrency: RUNS });
      expect(run.status).toBe('failed');
      expect(run.claimed_by).toBeNull();
      const rows = await attempts(db, id);
      expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
        ['work', 'failed', STOPPED_MESSAGE],
        ['report', 'completed', null],
      ]);
    }
    // Every script started exactly once: no action ran twice.
    expect(started.count()).toBe(RUNS);
    expect(finished.count()).toBe(0);
    expect((await runRow(db, ids[0] ?? '')).end_time).not.toBeNull();
    started.close();
    finished.close();
  }, 240_000);
});
