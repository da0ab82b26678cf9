import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPED_MESSAGE } from '../../src/playbooks/engine/index.js';
import { counter, crashDatabase, startChild, type CrashDatabase } from '../crash-setup.js';
import { DB_KINDS } from '../helpers.js';
import { attempts, drive, engineContext, exec, insertRun, runRow } from './engine-helpers.js';

const CHILD = fileURLToPath(new URL('./engine-child.ts', import.meta.url));
const RUNS = 20;

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
  let database: CrashDatabase;
  beforeAll(async () => {
    database = await crashDatabase(kind);
  });
  afterAll(() => database.close());

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
    await database.prepare(async (db) => {
      for (let i = 0; i < RUNS; i++) ids.push(await insertRun(db, spec));
    });

    const child = startChild(CHILD, { ...database.env, ENGINE_CONCURRENCY: String(RUNS) });
    await child.until(() => started.count() >= RUNS, `started all ${RUNS} scripts`);
    await child.kill();
    // No script outlives the process: none is left, and none reaches the end of its work.
    const gone = Date.now() + 10_000;
    while (processesWith(token).length > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 100));
    expect(processesWith(token)).toEqual([]);
    await new Promise((r) => setTimeout(r, 5000));
    expect(finished.count()).toBe(0);

    // Another engine (this process) takes the runs over once the child's lease has run out.
    const db = await database.open();
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
