import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import type { ServerContext } from '../../src/context.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { playbookEngineJob, runDuePlaybooks, STOPPED_MESSAGE } from '../../src/playbooks/engine/index.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { attempts, drive, engineContext, exec, insertRun, runRow } from './engine-helpers.js';

describe.each(DB_KINDS)('playbook run engine on %s', (kind) => {
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

  it('runs the actions in order, skipping by if, only if-actions after a failure (the action-filter example)', async () => {
    const runId = await insertRun(db, {
      actions: [
        exec('create file', 'echo "File creation succeeded"'),
        exec('on failure 1', 'echo "should not run"', { if: 'failure()' }),
        exec('on success', 'echo "Command failed"', { if: 'success()' }),
        exec('missing command', 'this-command-does-not-exist'),
        exec('without if', 'echo never'),
        exec('after failure', 'echo "==end=="', { if: 'failure()' }),
        exec('cel false', 'echo no', { if: '1 > 2' }),
        exec('always', 'echo always', { if: 'always()' }),
      ],
    });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    expect(run.start_time).not.toBeNull();
    expect(run.end_time).not.toBeNull();
    const rows = await attempts(db, runId);
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['create file', 'completed'],
      ['on failure 1', 'skipped'],
      ['on success', 'completed'],
      ['missing command', 'failed'],
      ['after failure', 'completed'],
      ['cel false', 'skipped'],
      ['always', 'completed'],
    ]);
    expect(rows[0]!.result).toMatchObject({ stdout: 'File creation succeeded\n', exitCode: 0 });
    expect(rows[3]!.error).toMatch(/^exit code 127: .*this-command-does-not-exist/);
    expect(rows[3]!.result).toMatchObject({ exitCode: 127 });
  });

  it('completes a run whose actions all pass, with templates from params, env and earlier actions', async () => {
    const runId = await insertRun(
      db,
      {
        parameters: [{ name: 'who' }],
        env: [{ name: 'GREETING', value: 'hello' }],
        actions: [
          exec('count', 'echo \'{"count": 3}\''),
          exec('greet', 'echo "{{.env.GREETING}} $(.params.who) from {{.playbook.name}}"'),
          exec(
            'use result',
            `echo 'count was {{ (getAction "count").result.stdout | trim }} / {{ getLastAction.status }}'`,
            {
              if: 'getLastAction().result.stdout.JSON() == null || getAction("count").result.stdout.JSON().count < 5',
            },
          ),
        ],
      },
      { parameters: { who: 'ops' } },
    );
    const run = await drive(ctx, runId);
    expect(run.status).toBe('completed');
    const rows = await attempts(db, runId);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
    expect(rows[1]!.result).toMatchObject({
      stdout: expect.stringMatching(/^hello ops from pb-/) as unknown,
    });
    expect(rows[2]!.result).toMatchObject({ stdout: 'count was {"count": 3} / completed\n' });
  });

  it('getLastAction().result in if: the CEL sees the previous attempt, parsed with .JSON()', async () => {
    const runId = await insertRun(db, {
      actions: [
        exec('count', `echo '{"count": 3}'`),
        exec('few', 'echo few', { if: 'getLastAction().result.stdout.JSON().count < 5' }),
        exec('many', 'echo many', { if: 'getAction("count").result.stdout.JSON().count > 5' }),
        exec('status', 'echo status', {
          if: 'getLastAction().name == "few" && getLastAction().status == "completed"',
        }),
      ],
    });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('completed');
    expect((await attempts(db, runId)).map((r) => [r.name, r.status])).toEqual([
      ['count', 'completed'],
      ['few', 'completed'],
      ['many', 'skipped'],
      ['status', 'completed'],
    ]);
  });

  it('the engine job wakes on a new run (LISTEN) and finishes it; stopping it ends the loop', async () => {
    const controller = new AbortController();
    const job = playbookEngineJob.run(ctx, controller.signal);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const runId = await insertRun(db, { actions: [exec('a', 'echo a')] });
      const end = Date.now() + 10_000;
      while ((await runRow(db, runId)).status !== 'completed') {
        if (Date.now() > end) throw new Error('the job did not run the playbook');
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      controller.abort();
      await job;
    }
  });

  it('on shutdown the action in flight fails as stopped and the run is handed back, then goes on elsewhere', async () => {
    const runId = await insertRun(db, {
      actions: [exec('long', 'sleep 20'), exec('report', 'echo report', { if: 'always()' })],
    });
    const controller = new AbortController();
    const engine = runDuePlaybooks(ctx, { signal: controller.signal, watchMs: 50 });
    const end = Date.now() + 10_000;
    while (!(await attempts(db, runId)).some((r) => r.status === 'running')) {
      if (Date.now() > end) throw new Error('the action never started');
      await new Promise((r) => setTimeout(r, 20));
    }
    controller.abort();
    await engine;
    const handedBack = await runRow(db, runId);
    expect(handedBack).toMatchObject({ status: 'scheduled', claimed_by: null });
    const run = await drive(ctx, runId);
    expect(run.status).toBe('failed');
    expect((await attempts(db, runId)).map((r) => [r.name, r.status, r.error])).toEqual([
      ['long', 'failed', STOPPED_MESSAGE],
      ['report', 'completed', null],
    ]);
  });
});

describe('PLAYBOOK_RUN_CONCURRENCY', () => {
  it('sets the runs in flight per process (default 20) and refuses nonsense', () => {
    expect(loadConfig({}).playbooks.runConcurrency).toBe(20);
    expect(loadConfig({ PLAYBOOK_RUN_CONCURRENCY: '5' }).playbooks.runConcurrency).toBe(5);
    expect(() => loadConfig({ PLAYBOOK_RUN_CONCURRENCY: '0' })).toThrow(ConfigError);
  });
});
