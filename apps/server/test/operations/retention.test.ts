import { describe, expect, it } from 'vitest';
import { catalogRetentionRules } from '../../src/catalog/history-retention.js';
import type { Queryable } from '../../src/db/types.js';
import { eventRetentionRules } from '../../src/events/retention.js';
import { checkRetentionRules } from '../../src/health/rollup.js';
import { applyRetention, jobHistoryRetentionRules, type RetentionRule } from '../../src/jobs/retention.js';
import { migrate } from '../../src/db/migrate.js';
import { notificationRetentionRules } from '../../src/notifications/retention.js';
import { playbookRetentionRules } from '../../src/playbooks/retention.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { inProcessConfig } from '../in-process-config.js';

/** Five rows past each default retention and one recent row, in every table that grows. */
async function fill(db: Queryable): Promise<void> {
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]?.id ?? '';
  const canary = await one(`INSERT INTO canaries (name, spec) VALUES ('c', '{}') RETURNING id`);
  const check = await one(
    `INSERT INTO checks (canary_id, name, type) VALUES ($1, 'web', 'http') RETURNING id`,
    [canary],
  );
  const item = await one(
    `INSERT INTO config_items (type, name) VALUES ('Kubernetes::Pod', 'p') RETURNING id`,
  );
  const notification = await one(
    `INSERT INTO notifications (name, events) VALUES ('n', '{check.failed}') RETURNING id`,
  );
  const playbook = await one(`INSERT INTO playbooks (name, spec) VALUES ('p', '{}') RETURNING id`);
  for (const age of ['400 days', '401 days', '402 days', '403 days', '404 days', '1 hour']) {
    const at = `now() - interval '${age}'`;
    await db.query(`INSERT INTO check_statuses (check_id, time, status) VALUES ($1, ${at}, true)`, [check]);
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, created_at) VALUES ($1, 'diff', ${at})`,
      [item],
    );
    await db.query(`INSERT INTO event_queue (name, failed_at, created_at) VALUES ('x.failed', ${at}, ${at})`);
    await db.query(
      `INSERT INTO notification_send_history (notification_id, source_event, resource_id, resource_type, status, created_at)
       VALUES ($1, 'check.failed', $2, 'check', 'sent', ${at})`,
      [notification, check],
    );
    const run = await one(
      `INSERT INTO playbook_runs (playbook_id, spec, status, created_at, end_time) VALUES ($1, '{}', 'completed', ${at}, ${at}) RETURNING id`,
      [playbook],
    );
    await db.query(
      `INSERT INTO playbook_run_actions (name, playbook_run_id, status) VALUES ('a', $1, 'completed')`,
      [run],
    );
    await db.query(`INSERT INTO job_history (name, status, created_at) VALUES ('SomeJob', 'SUCCESS', ${at})`);
  }
  // Still running, however old: kept.
  await db.query(
    `INSERT INTO job_history (name, status, created_at) VALUES ('LongJob', 'RUNNING', now() - interval '400 days')`,
  );
}

const TABLES = [
  'check_statuses',
  'config_changes',
  'event_queue',
  'notification_send_history',
  'playbook_runs',
  'playbook_run_actions',
  'job_history',
];

async function counts(db: Queryable): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    // Inserting the rows above queues events of their own (config.created, …): only failed ones count.
    const where = t === 'event_queue' ? ' WHERE failed_at IS NOT NULL' : '';
    out[t] = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}${where}`)).rows[0]?.n);
  }
  return out;
}

const RULES: RetentionRule[] = [
  ...checkRetentionRules,
  ...catalogRetentionRules,
  ...eventRetentionRules,
  ...notificationRetentionRules,
  ...playbookRetentionRules,
  ...jobHistoryRetentionRules,
];

describe.each(DB_KINDS)('retention on %s', (kind) => {
  it('deletes the rows past each setting in small batches and keeps the rest', async () => {
    const fresh = await freshDb(kind);
    try {
      await migrate(fresh.db);
      await fill(fresh.db);
      expect(await counts(fresh.db)).toEqual({
        check_statuses: 6,
        config_changes: 6,
        event_queue: 6,
        notification_send_history: 6,
        playbook_runs: 6,
        playbook_run_actions: 6,
        job_history: 7,
      });
      // Batches of two: each table needs several DELETEs, none of them takes everything at once.
      const deletes: number[] = [];
      const counting: Queryable = {
        exec: (sql) => fresh.db.exec(sql),
        async query(sql, params) {
          const r = await fresh.db.query(sql, params);
          if (sql.trimStart().startsWith('DELETE')) deletes.push(r.affectedRows);
          return r as never;
        },
      };
      const config = inProcessConfig({});
      const outcome = await applyRetention(
        counting,
        config,
        RULES.map((r) => ({ ...r, batchSize: 2 })),
        new AbortController().signal,
      );
      expect(Math.max(...deletes)).toBe(2);
      expect(outcome.details.deleted).toMatchObject({
        check_statuses: 5,
        config_changes: 5,
        failed_events: 5,
        notification_send_history: 5,
        playbook_runs: 5,
        job_history: 5,
      });
      expect(await counts(fresh.db)).toEqual({
        check_statuses: 1,
        config_changes: 1,
        event_queue: 1,
        notification_send_history: 1,
        playbook_runs: 1,
        playbook_run_actions: 1,
        job_history: 2,
      });
    } finally {
      await fresh.drop();
    }
  });

  it('keeps everything a setting turns off, and takes other durations', async () => {
    const fresh = await freshDb(kind);
    try {
      await migrate(fresh.db);
      await fill(fresh.db);
      const config = inProcessConfig({
        RETENTION_CHECK_STATUSES: 'off',
        RETENTION_JOB_HISTORY: '402d12h',
        RETENTION_PLAYBOOK_RUNS: '3d',
      });
      const outcome = await applyRetention(fresh.db, config, RULES, new AbortController().signal);
      expect(outcome.details.deleted).toMatchObject({
        check_statuses: 'kept',
        job_history: 2,
        playbook_runs: 5,
      });
      expect((await counts(fresh.db)).check_statuses).toBe(6);
    } finally {
      await fresh.drop();
    }
  });
});

describe.each(DB_KINDS)("located checks' results on %s", (kind) => {
  const EDGE = '00000000-0000-0000-0000-0000000000e1';
  const LOCAL = '00000000-0000-0000-0000-000000000000';

  /** Results of both places, past the default 30 days and recent; the old ones half pushed. */
  async function located(db: Queryable): Promise<void> {
    const check = '00000000-0000-0000-0000-0000000000c1';
    for (const location of [LOCAL, EDGE])
      for (const age of ['31 days', '32 days', '1 hour'])
        await db.query(
          `INSERT INTO check_location_statuses (check_id, location, time, status)
           VALUES ($1, $2, now() - interval '${age}', true)`,
          [check, location],
        );
    // As the push job marks what the upstream took (the one update that leaves a row pushed).
    await db.query(
      `UPDATE check_location_statuses SET is_pushed = true WHERE time < now() - interval '31 days 12 hours'`,
    );
  }
  const left = async (db: Queryable) =>
    (
      await db.query<{ age: string; is_pushed: boolean }>(
        `SELECT CASE WHEN time > now() - interval '1 day' THEN 'recent' ELSE 'old' END AS age, is_pushed
         FROM check_location_statuses ORDER BY location, time`,
      )
    ).rows;

  it('go with raw statuses on the console; on an agent only once pushed', async () => {
    const fresh = await freshDb(kind);
    try {
      await migrate(fresh.db);
      await located(fresh.db);
      const signal = new AbortController().signal;
      const agent = inProcessConfig({ UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_TOKEN: 'od_token' });
      const onAgent = await applyRetention(fresh.db, agent, checkRetentionRules, signal);
      expect(onAgent.details.deleted).toMatchObject({ check_location_statuses: 2 });
      const kept = { age: 'old', is_pushed: false };
      const recent = { age: 'recent', is_pushed: false };
      expect(await left(fresh.db)).toEqual([kept, recent, kept, recent]);

      const onConsole = await applyRetention(fresh.db, inProcessConfig({}), checkRetentionRules, signal);
      expect(onConsole.details.deleted).toMatchObject({ check_location_statuses: 2 });
      expect(await left(fresh.db)).toEqual([recent, recent]);

      const off = inProcessConfig({ RETENTION_CHECK_STATUSES: 'off' });
      expect(
        (await applyRetention(fresh.db, off, checkRetentionRules, signal)).details.deleted,
      ).toMatchObject({
        check_location_statuses: 'kept',
      });
    } finally {
      await fresh.drop();
    }
  });
});

describe.each(DB_KINDS)("an agent's own check results on %s", (kind) => {
  it('go once pushed and past the retention; one the upstream has not taken yet stays', async () => {
    const fresh = await freshDb(kind);
    try {
      await migrate(fresh.db);
      await fill(fresh.db);
      // The push job has marked two of the five old results as taken by the upstream.
      await fresh.db.query(
        `UPDATE check_statuses SET is_pushed = true
         WHERE time IN (SELECT time FROM check_statuses ORDER BY time LIMIT 2)`,
      );
      const agent = inProcessConfig({ UPSTREAM_URL: 'http://127.0.0.1:9', UPSTREAM_TOKEN: 'od_token' });
      const rules = checkRetentionRules.filter((r) => r.name === 'check_statuses');
      const result = await applyRetention(fresh.db, agent, rules, new AbortController().signal);
      expect(result.details.deleted).toMatchObject({ check_statuses: 2 });
      const { rows } = await fresh.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM check_statuses WHERE NOT is_pushed',
      );
      expect(Number(rows[0]?.n)).toBe(4);
    } finally {
      await fresh.drop();
    }
  });
});

describe('retention settings', () => {
  it('have defaults, take the older CHECK_RETENTION_DAYS, and refuse a value that is not a duration', () => {
    const day = 86_400_000;
    expect(inProcessConfig({}).retention).toEqual({
      checkStatuses: 30 * day,
      configChanges: 90 * day,
      deletedConfigItems: 90 * day,
      failedEvents: 30 * day,
      notificationHistory: 90 * day,
      playbookRuns: 90 * day,
      jobHistory: 30 * day,
    });
    expect(inProcessConfig({ CHECK_RETENTION_DAYS: '7' }).retention.checkStatuses).toBe(7 * day);
    expect(() => inProcessConfig({ RETENTION_CONFIG_CHANGES: 'forever' })).toThrow(
      /RETENTION_CONFIG_CHANGES: expected a duration of at least 1h like 30d, 90d or 12h, or off/,
    );
    expect(() => inProcessConfig({ RETENTION_JOB_HISTORY: '5m' })).toThrow(/RETENTION_JOB_HISTORY/);
  });
});
