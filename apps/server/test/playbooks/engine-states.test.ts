import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import type { ServerContext } from '../../src/context.js';
import { retryWaitMs, runDuePlaybooks } from '../../src/playbooks/engine/index.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { attempts, drive, engineContext, exec, insertRun, runRow } from './engine-helpers.js';

const ms = (d: Date | string | null) => new Date(d ?? 0).getTime();

describe('retry back-off', () => {
  it('grows by the multiplier and stays within the jitter', () => {
    const retry = { limit: 3, duration: '100ms', exponent: { multiplier: 2 }, jitter: 10 };
    expect([0, 1, 2].map((n) => retryWaitMs(retry, n, () => 0.5))).toEqual([100, 200, 400]);
    expect(retryWaitMs(retry, 1, () => 0)).toBe(180);
    expect(retryWaitMs(retry, 1, () => 0.999999)).toBe(220);
    expect(retryWaitMs({ limit: 1 }, 0)).toBe(0);
  });
});

describe.each(DB_KINDS)('playbook run states on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ctx: ServerContext;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    ctx = engineContext(db);
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM playbook_runs');
  });

  it('retries a failed action with growing waits, limit 3 = 4 attempts, then runs only if-actions', async () => {
    const runId = await insertRun(db, {
      actions: [
        exec('flaky', 'echo try; exit 3', {
          retry: { limit: 3, duration: '150ms', exponent: { multiplier: 2 } },
        }),
        exec('next', 'echo next'),
        exec('cleanup', 'echo cleanup', { if: 'failure()' }),
      ],
    });
    await runDuePlaybooks(ctx, { random: () => 0.5 });
    // Between attempts the run waits as retrying, its next attempt scheduled.
    expect((await runRow(db, runId)).status).toBe('retrying');
    expect((await attempts(db, runId)).map((r) => [r.retry_count, r.status])).toEqual([
      [0, 'failed'],
      [1, 'scheduled'],
    ]);
    const run = await drive(ctx, runId, { random: () => 0.5, timeoutMs: 30_000 });
    const rows = await attempts(db, runId);
    expect(run.status).toBe('failed');
    expect(rows.map((r) => [r.name, r.retry_count, r.status])).toEqual([
      ['flaky', 0, 'failed'],
      ['flaky', 1, 'failed'],
      ['flaky', 2, 'failed'],
      ['flaky', 3, 'failed'],
      ['cleanup', 0, 'completed'],
    ]);
    // Each retry was scheduled after its back-off: 150, 300, 600 ms after the attempt before ended.
    const gaps = [1, 2, 3].map((i) => ms(rows[i]!.scheduled_time) - ms(rows[i - 1]!.end_time));
    expect(gaps[0]).toBeGreaterThanOrEqual(140);
    expect(gaps[1]).toBeGreaterThanOrEqual(290);
    expect(gaps[2]).toBeGreaterThanOrEqual(590);
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    for (const i of [1, 2, 3])
      expect(ms(rows[i]!.start_time)).toBeGreaterThanOrEqual(ms(rows[i]!.scheduled_time) - 5);
  });

  it('a retry that succeeds completes the run', async () => {
    // Each attempt runs in a fresh sandbox that keeps nothing: a loopback counter says which one it is.
    let calls = 0;
    const counter = net.createServer((socket) => socket.end(`${++calls}\n`));
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const { port } = counter.address() as AddressInfo;
    const runId = await insertRun(db, {
      actions: [
        exec('second time lucky', `exec 4<>/dev/tcp/127.0.0.1/${port}; read -r n <&4; [ "$n" -ge 2 ]`, {
          retry: { limit: 2 },
        }),
      ],
    });
    const run = await drive(ctx, runId).finally(() => counter.close());
    expect(run.status).toBe('completed');
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.retry_count, r.status])).toEqual([
      [0, 'failed'],
      [1, 'completed'],
    ]);
  });

  it('sleeps for the delay (run sleeping, attempt sleeping), and a cancel then skips the rest', async () => {
    const runId = await insertRun(
      db,
      {
        parameters: [{ name: 'wait' }],
        actions: [
          exec('first', 'echo 1'),
          exec('later', 'echo 2', { delay: 'params.wait' }),
          exec('last', 'echo 3'),
        ],
      },
      { parameters: { wait: '30s' } },
    );
    await runDuePlaybooks(ctx, { watchMs: 50 });
    const sleeping = await runRow(db, runId);
    expect(sleeping.status).toBe('sleeping');
    expect(sleeping.claimed_by).toBeNull();
    let rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['first', 'completed'],
      ['later', 'sleeping'],
    ]);
    expect(ms(rows[1]!.scheduled_time) - Date.now()).toBeGreaterThan(25_000);
    // What the cancel route does:
    await db.query(`UPDATE playbook_runs SET status = 'cancelled', end_time = now() WHERE id = $1`, [runId]);
    await runDuePlaybooks(ctx, { watchMs: 50 });
    expect((await runRow(db, runId)).status).toBe('cancelled');
    rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
      ['first', 'completed', null],
      ['later', 'skipped', 'cancelled'],
    ]);
  });

  it('a short delay sleeps once, then the action runs', async () => {
    const runId = await insertRun(db, { actions: [exec('delayed', 'echo hi', { delay: '300ms' })] });
    const started = Date.now();
    const run = await drive(ctx, runId);
    expect(run.status).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const rows = await attempts(db, runId);
    expect(rows.map((r) => r.status)).toEqual(['completed']);
  });

  it('cancelling a run aborts the action in flight and skips the rest', async () => {
    const runId = await insertRun(db, {
      actions: [exec('long', 'sleep 20'), exec('after', 'echo no', { if: 'always()' })],
    });
    const engine = runDuePlaybooks(ctx, { watchMs: 50 });
    await until(async () => (await attempts(db, runId)).some((r) => r.status === 'running'));
    const t0 = Date.now();
    await db.query(`UPDATE playbook_runs SET status = 'cancelled', end_time = now() WHERE id = $1`, [runId]);
    await engine;
    expect(Date.now() - t0).toBeLessThan(5000);
    const run = await runRow(db, runId);
    expect(run.status).toBe('cancelled');
    expect(run.claimed_by).toBeNull();
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([['long', 'failed', 'cancelled']]);
  });

  it('times out a run past its timeout: the action in flight fails "timed out", the run is timed_out', async () => {
    const runId = await insertRun(
      db,
      { actions: [exec('long', 'sleep 20'), exec('never', 'echo no')] },
      { timeoutNs: 1.5e9 },
    );
    const t0 = Date.now();
    const run = await drive(ctx, runId);
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(run.status).toBe('timed_out');
    expect(run.end_time).not.toBeNull();
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([['long', 'failed', 'timed out']]);
  });

  it('times out a run that never started (created long ago, still scheduled)', async () => {
    const runId = await insertRun(db, { actions: [exec('a', 'echo a')] }, { timeoutNs: 1e9 });
    await db.query(
      `UPDATE playbook_runs SET created_at = now() - interval '1 minute', status = 'pending_approval' WHERE id = $1`,
      [runId],
    );
    await runDuePlaybooks(ctx);
    const run = await runRow(db, runId);
    expect(run.status).toBe('timed_out');
    expect(await attempts(db, runId)).toEqual([]);
  });

  it("an action's own timeout fails that action; the run goes on", async () => {
    const runId = await insertRun(db, {
      actions: [
        exec('slow', 'sleep 10', { timeout: '500ms' }),
        exec('cleanup', 'echo ok', { if: 'always()' }),
      ],
    });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
      ['slow', 'failed', 'timed out after 500ms'],
      ['cleanup', 'completed', null],
    ]);
  });

  it('a template error fails that action with the message; the server and later if-actions go on', async () => {
    const runId = await insertRun(db, {
      actions: [
        exec('bad template', 'echo {{ .params.x | nosuchfunction }}'),
        exec('bad filter', 'echo x', { if: '"maybe"' }),
        exec('bad cel', 'echo x', { if: 'nosuch(' }),
        exec('last', 'echo done', { if: 'always()' }),
      ],
    });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['bad template', 'failed'],
      ['bad filter', 'failed'],
      ['bad cel', 'failed'],
      ['last', 'completed'],
    ]);
    expect(rows[0]!.error).toMatch(/nosuchfunction/);
    expect(rows[1]!.error).toBe(
      "invalid action filter result (maybe) must be one of 'true', 'false', 'skip'",
    );
    expect(rows[2]!.error).toMatch(/nosuch\(/);
  });

  it('skip() skips; an unsupported kind fails with its message', async () => {
    const runId = await insertRun(db, {
      actions: [exec('skipped', 'echo x', { if: 'skip()' }), { name: 'ask ai', ai: { prompt: 'hi' } }],
    });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status, r.error])).toEqual([
      ['skipped', 'skipped', null],
      ['ask ai', 'failed', 'action kind ai is not supported'],
    ]);
  });

  it('a spec error fails the run before any action, with the error (the Initialization step)', async () => {
    const runId = await insertRun(db, { actions: [exec('a', 'echo a'), exec('a', 'echo b')] });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/invalid playbook spec: .*a/);
    expect(await attempts(db, runId)).toEqual([]);
  });

  it('never overwrites a final status, and two engines never run one action twice', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(await insertRun(db, { actions: [exec('one', 'echo one'), exec('two', 'echo two')] }));
    const done = await insertRun(db, { actions: [exec('one', 'echo one')] });
    await db.query(`UPDATE playbook_runs SET status = 'cancelled', end_time = now() WHERE id = $1`, [done]);
    await Promise.all([runDuePlaybooks(ctx, { concurrency: 3 }), runDuePlaybooks(ctx, { concurrency: 3 })]);
    for (const id of ids) {
      expect((await runRow(db, id)).status).toBe('completed');
      expect((await attempts(db, id)).map((r) => r.name)).toEqual(['one', 'two']);
    }
    expect((await runRow(db, done)).status).toBe('cancelled');
    expect(await attempts(db, done)).toEqual([]);
  });
});

async function until(test: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
