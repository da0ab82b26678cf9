import crypto from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { lintPlaybookScripts } from '@opsdeck/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../src/context.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { peopleSeed } from '../../src/auth/seed.js';
import { runHandedAction } from '../../src/playbooks/agent/run-handed.js';
import { createRun } from '../../src/playbooks/create-run.js';
import { DEMO_PLAYBOOKS, playbooksSeed } from '../../src/playbooks/demo-playbooks.js';
import { playbooksScriptEnvSeed } from '../../src/playbooks/demo-script-env-upgrade.js';
import { playbooksDomain } from '../../src/playbooks/index.js';
import { runSeeds } from '../../src/seed/index.js';
import { testOptions } from '../events/context.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { attempts, drive, engineContext } from './engine-helpers.js';
import { insertCheck, runsOf } from './fixtures.js';

/**
 * An event-controlled value reaches a script: a name or parameter such as
 * x-$(touch /tmp/PWNED-…);`id`'" arrives as data, through the environment variable or through
 * shellQuote, and nothing in it runs (the marker file is never made, no `id` output).
 */

const demoSpec = (name: string) => {
  const demo = DEMO_PLAYBOOKS.find((p) => p.name === name);
  if (!demo) throw new Error(`no demo playbook ${name}`);
  return demo.spec;
};

describe.each(DB_KINDS)('event values in playbook scripts on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ctx: ServerContext;
  let topologyId: string;
  let marker: string;
  let hostile: string;

  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    ctx = engineContext(db);
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO topologies (name, spec) VALUES ('shop', '{}') RETURNING id",
    );
    topologyId = rows[0]!.id;
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    marker = `/tmp/PWNED-${crypto.randomBytes(6).toString('hex')}`;
    hostile = `x-$(touch ${marker});\`id\`'"`;
    await db.query('DELETE FROM playbooks');
    await db.query('DELETE FROM event_queue');
  });
  afterEach(() => {
    fs.rmSync(marker, { force: true });
  });

  async function addPlaybook(spec: unknown): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, title, spec) VALUES ($1, $1, $2::jsonb) RETURNING id`,
      [`pb-${crypto.randomBytes(4).toString('hex')}`, JSON.stringify(spec)],
    );
    return rows[0]!.id;
  }

  /** The queued events, handled by the playbooks domain as the consumer does; then its one run, driven to the end. */
  async function runFromEvents(playbookId: string) {
    await drainEvents(ctx, eventRegistryOf([playbooksDomain]), testOptions(ctx));
    const runs = await runsOf(db, playbookId);
    expect(runs).toHaveLength(1);
    const run = await drive(ctx, runs[0]!.id);
    return { run, steps: await attempts(db, run.id) };
  }

  const stdoutOf = (steps: Awaited<ReturnType<typeof attempts>>, name: string) =>
    (steps.find((s) => s.name === name)?.result as { stdout?: string } | null)?.stdout;

  function expectInert(outputs: (string | undefined)[]) {
    expect(fs.existsSync(marker)).toBe(false);
    for (const out of outputs) expect(out ?? '').not.toMatch(/uid=\d+/);
  }

  it('the demo rotate-missing-logs, on component.unhealthy of a component named like a command, prints the name', async () => {
    const playbookId = await addPlaybook(demoSpec('rotate-missing-logs'));
    await db.query(
      `INSERT INTO components (topology_id, name, type, namespace, status) VALUES ($1, $2, 'API', 'shop', 'healthy')`,
      [topologyId, hostile],
    );
    await db.query(`UPDATE components SET status = 'unhealthy' WHERE name = $1`, [hostile]);
    const { run, steps } = await runFromEvents(playbookId);
    // The demo's first step fails on purpose; its failure() step reports the component.
    expect(run.status).toBe('failed');
    expect(steps.map((s) => [s.name, s.status])).toEqual([
      ['rotate', 'failed'],
      ['report failure', 'completed'],
    ]);
    expect(stdoutOf(steps, 'report failure')).toBe(`rotation failed for ${hostile}\n`);
    expectInert(steps.map((s) => JSON.stringify(s.result)));
  });

  it('an exec action with a parameter filled from the event: $PARAM_<NAME> and shellQuote carry it as data', async () => {
    const playbookId = await addPlaybook({
      on: { component: [{ event: 'unhealthy' }] },
      parameters: [{ name: 'note', default: 'about {{.component.name}}' }],
      actions: [
        { name: 'variable', exec: { script: `printf '%s' "$PARAM_NOTE"` } },
        { name: 'quoted', exec: { script: `printf '%s' {{ .params.note | shellQuote }}` } },
        { name: 'dollar form', exec: { script: `printf '%s' $(.params.note | shellQuote)` } },
        {
          name: 'component',
          exec: { script: `printf '%s|%s|%s' "$COMPONENT_NAME" "$COMPONENT_TYPE" "$COMPONENT_STATUS"` },
        },
      ],
    });
    await db.query(
      `INSERT INTO components (topology_id, name, type, namespace, status) VALUES ($1, $2, 'Database', 'shop', 'unhealthy')`,
      [topologyId, hostile],
    );
    const { run, steps } = await runFromEvents(playbookId);
    expect(run.status).toBe('completed');
    for (const name of ['variable', 'quoted', 'dollar form'])
      expect(stdoutOf(steps, name)).toBe(`about ${hostile}`);
    expect(stdoutOf(steps, 'component')).toBe(`${hostile}|Database|unhealthy`);
    expectInert(steps.map((s) => JSON.stringify(s.result)));
  });

  it('an exec action of a check.failed run gets the check as $CHECK_NAME; .check.name quoted in both forms', async () => {
    const playbookId = await addPlaybook({
      on: { canary: [{ event: 'failed' }] },
      actions: [
        { name: 'variable', exec: { script: `printf '%s' "$CHECK_NAME"` } },
        { name: 'quoted', exec: { script: `printf '%s' {{ .check.name | shellQuote }}` } },
        { name: 'dollar form', exec: { script: `printf '%s' $(.check.name | shellQuote)` } },
        { name: 'ids', exec: { script: `printf '%s %s %s' "$CHECK_ID" "$PLAYBOOK_ID" "$PLAYBOOK_RUN_ID"` } },
      ],
    });
    const checkId = await insertCheck(db, { name: hostile });
    await db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [checkId]);
    const { run, steps } = await runFromEvents(playbookId);
    expect(run.status).toBe('completed');
    for (const name of ['variable', 'quoted', 'dollar form']) expect(stdoutOf(steps, name)).toBe(hostile);
    expect(stdoutOf(steps, 'ids')).toBe(`${checkId} ${playbookId} ${run.id}`);
    expectInert(steps.map((s) => JSON.stringify(s.result)));
  });

  it('the demo diagnose-http-check, run against a check named like a command, prints the name', async () => {
    const playbookId = await addPlaybook(demoSpec('diagnose-http-check'));
    const checkId = await insertCheck(db, { name: hostile, status: 'unhealthy' });
    const created = await createRun(db, { playbookId, check_id: checkId, trigger: 'api', createdBy: null });
    const run = await drive(ctx, created!.run_id);
    expect(run.status).toBe('completed');
    const steps = await attempts(db, run.id);
    expect(stdoutOf(steps, 'describe')).toBe(
      `Check ${hostile} (http) is unhealthy: triggered from ${hostile}\n`,
    );
    expectInert(steps.map((s) => JSON.stringify(s.result)));
  });

  it('an exec action an agent runs gets the same variables from the template environment it is sent', async () => {
    const result = await runHandedAction(
      ctx,
      {
        run: { id: crypto.randomUUID(), playbook_id: crypto.randomUUID() },
        action_spec: { name: 'agent', exec: { script: `printf '%s/%s' "$COMPONENT_NAME" "$PARAM_NOTE"` } },
        action: { id: crypto.randomUUID(), name: 'agent', retry_count: 0, timeout_ms: 20_000 },
        template_env: {
          env: {},
          component: { id: crypto.randomUUID(), name: hostile },
          run: { id: crypto.randomUUID(), parameters: { note: hostile } },
          params: { note: hostile },
        },
        templates_on: 'agent',
      },
      new AbortController().signal,
    );
    expect(result.status).toBe('completed');
    expect((result.result as { stdout: string }).stdout).toBe(`${hostile}/${hostile}`);
    expectInert([JSON.stringify(result.result)]);
  });
});

describe('the demo playbooks', () => {
  it('paste no event value into a script (the shared script linter finds nothing)', () => {
    for (const p of DEMO_PLAYBOOKS) expect([p.name, lintPlaybookScripts(p.spec)]).toEqual([p.name, []]);
  });
});

describe.each(DB_KINDS)('demo installs seeded before scripts got variables, on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });

  it('get the new demo scripts, in the playbooks and in their unfinished runs; a changed script stays', async () => {
    const log = pino({ level: 'silent' });
    // The demo queues its check playbook against an HTTP check.
    await insertCheck(db, { type: 'http' });
    await runSeeds(db, log, [peopleSeed, playbooksSeed]);
    const old = {
      rotate: 'echo "rotation failed for {{.component.name}}"',
      diagnose: 'echo "Check {{.check.name}} ({{.check.type}}) is {{.check.status}}: $(.params.note)"',
      window: 'echo "maintenance window for $(.params.length)"',
    };
    // What older installs stored, one of them since edited by a person.
    const setScript = (table: string, name: string, index: number, script: string) =>
      db.query(
        `UPDATE ${table} t SET spec = jsonb_set(t.spec, $3::text[], to_jsonb($2::text))
         FROM playbooks p WHERE p.name = $1 AND ${table === 'playbooks' ? 't.id = p.id' : 't.playbook_id = p.id'}`,
        [name, script, `{actions,${index},exec,script}`],
      );
    await setScript('playbooks', 'rotate-missing-logs', 1, old.rotate);
    await setScript('playbooks', 'diagnose-http-check', 0, 'echo "my own {{.check.name}}"');
    await setScript('playbooks', 'maintenance-window', 0, old.window);
    await setScript('playbook_runs', 'maintenance-window', 0, old.window);
    await setScript('playbook_runs', 'diagnose-http-check', 0, old.diagnose);
    await db.query(
      `UPDATE playbook_runs r SET status = 'completed' FROM playbooks p WHERE p.id = r.playbook_id AND p.name = 'diagnose-http-check'`,
    );

    expect(await runSeeds(db, log, [playbooksScriptEnvSeed])).toEqual(['playbooks-script-env']);
    const script = async (table: string, name: string, index: number) => {
      const { rows } = await db.query<{ s: string }>(
        `SELECT t.spec #>> $2::text[] AS s FROM ${table} t JOIN playbooks p ON ${
          table === 'playbooks' ? 't.id = p.id' : 't.playbook_id = p.id'
        } WHERE p.name = $1`,
        [name, `{actions,${index},exec,script}`],
      );
      return rows.map((r) => r.s);
    };
    expect(await script('playbooks', 'rotate-missing-logs', 1)).toEqual([
      'echo "rotation failed for $COMPONENT_NAME"',
    ]);
    expect(await script('playbooks', 'maintenance-window', 0)).toEqual([
      'echo "maintenance window for $PARAM_LENGTH"',
    ]);
    expect(await script('playbooks', 'diagnose-http-check', 0)).toEqual(['echo "my own {{.check.name}}"']);
    // The run waiting for its approver runs the new script; a finished run keeps its record.
    expect(await script('playbook_runs', 'maintenance-window', 0)).toEqual([
      'echo "maintenance window for $PARAM_LENGTH"',
    ]);
    expect(await script('playbook_runs', 'diagnose-http-check', 0)).toEqual([old.diagnose]);
  });
});
