import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { recordCheckResult } from '../../src/health/record.js';
import type { CheckResult } from '../../src/health/run-check.js';
import { rollUpCheckStatuses } from '../../src/health/rollup.js';
import { runIncidentRules } from '../../src/incidents/rules.js';
import { markPushedResults, refreshMaintenance, sendNotices } from '../../src/maintenance/index.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import {
  addCheck,
  addRule,
  drain,
  history,
  notificationContext,
  resetTables,
  setCheckStatus,
} from '../notifications/fixtures.js';
import { startSmtpSink, type SmtpSink } from '../peers/smtp.js';

type Window = {
  name: string;
  starts_at?: Date;
  ends_at?: Date;
  schedule?: string;
  duration?: string;
  time_zone?: string;
  selectors: unknown[];
  notify?: unknown;
};

describe.each(DB_KINDS)('maintenance windows on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let smtp: SmtpSink;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp.stop();
    await drop();
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM check_config_relationships; DELETE FROM maintenance_windows; DELETE FROM incidents; DELETE FROM incident_rules;
      DELETE FROM check_stats; DELETE FROM check_summaries; DELETE FROM check_statuses_1h;
      DELETE FROM check_statuses_1h_seconds; DELETE FROM check_statuses_1d;`);
    await resetTables(db);
    smtp.mails.length = 0;
  });

  async function addWindow(w: Window, now = new Date()): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO maintenance_windows (name, starts_at, ends_at, schedule, duration, time_zone, selectors, notify)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        w.name,
        w.starts_at ?? null,
        w.ends_at ?? null,
        w.schedule ?? null,
        w.duration ?? null,
        w.time_zone ?? 'UTC',
        JSON.stringify(w.selectors),
        w.notify ? JSON.stringify(w.notify) : null,
      ],
    );
    await db.transaction((tx) => refreshMaintenance(tx, now));
    return rows[0]!.id;
  }

  const minutes = (n: number) => new Date(Date.now() + n * 60_000);
  const covering = (name: string, selectors: unknown[] = [{ name: 'web-*' }]) =>
    addWindow({ name, starts_at: minutes(-5), ends_at: minutes(60), selectors });

  it('holds a notification about a resource in a window, naming the window; others still go out', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url });
    const ruleId = await addRule(db, { url: 'smtp://system/?To=ops@example.org' });
    const web = await addCheck(db, 'web-home');
    const api = await addCheck(db, 'api-ping');
    const windowId = await covering('Saturday patching');
    await setCheckStatus(db, web.checkId, 'unhealthy');
    await setCheckStatus(db, api.checkId, 'unhealthy');
    await drain(ctx);
    const rows = await history(db, ruleId);
    expect(rows.map((r) => [r.resource.name, r.status]).sort()).toEqual([
      ['api-ping', 'sent'],
      ['web-home', 'maintenance'],
    ]);
    const held = await db.query<{ error: string; maintenance_window_id: string }>(
      `SELECT error, maintenance_window_id FROM notification_send_history WHERE status = 'maintenance'`,
    );
    expect(held.rows).toEqual([
      { error: 'held for maintenance: Saturday patching', maintenance_window_id: windowId },
    ]);
    expect(smtp.mails.map((m) => m.subject)).toHaveLength(1);
    expect(smtp.mails[0]!.subject).toContain('api-ping');
  });

  it('overlapping windows: the resource is held while either is active; deleting one leaves the other', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url });
    const ruleId = await addRule(db, { url: 'smtp://system/?To=ops@example.org' });
    const web = await addCheck(db, 'web-home', { team: 'web' });
    const a = await covering('a', [{ name: 'web-*' }]);
    await covering('b', [{ labelSelector: 'team=web', resourceTypes: ['check'] }]);
    const { rows: covered } = await db.query<{ window_name: string }>(
      'SELECT window_name FROM maintenance_resources WHERE resource_id = $1 ORDER BY window_name',
      [web.checkId],
    );
    expect(covered.map((r) => r.window_name)).toEqual(['a', 'b']);
    await db.query('UPDATE maintenance_windows SET deleted_at = now() WHERE id = $1', [a]);
    await db.transaction((tx) => refreshMaintenance(tx));
    await setCheckStatus(db, web.checkId, 'unhealthy');
    await drain(ctx);
    expect((await history(db, ruleId)).map((r) => r.status)).toEqual(['maintenance']);
    expect(smtp.mails).toEqual([]);
  });

  it('incident rules open nothing for a resource in a window, and do once it is over', async () => {
    await db.query(`INSERT INTO incident_rules (name, spec) VALUES ('web-down', $1)`, [
      JSON.stringify({ checks: [{ name: 'web-*' }], filter: { status: ['unhealthy'] } }),
    ]);
    const web = await addCheck(db, 'web-home');
    await setCheckStatus(db, web.checkId, 'unhealthy');
    await covering('patching');
    expect((await runIncidentRules(db)).opened).toEqual([]);
    // An hour and a bit later the window is over.
    expect((await runIncidentRules(db, { now: minutes(61) })).opened).toHaveLength(1);
  });

  it('records results under maintenance and leaves them out of uptime (stats and roll-ups)', async () => {
    const web = await addCheck(db, 'web-home');
    const result = (pass: boolean, at: Date): CheckResult => ({
      pass,
      time: at,
      durationMs: 10,
      message: '',
      error: pass ? null : 'down',
      details: {},
    });
    await recordCheckResult(db, web.checkId, result(true, minutes(-20)), null);
    await covering('patching');
    await recordCheckResult(db, web.checkId, result(false, minutes(-2)), null);
    await recordCheckResult(db, web.checkId, result(false, minutes(-1)), null);
    const { rows } = await db.query<{ status: boolean; maintenance: boolean }>(
      'SELECT status, maintenance FROM check_statuses WHERE check_id = $1 ORDER BY time',
      [web.checkId],
    );
    // History keeps what happened.
    expect(rows).toEqual([
      { status: true, maintenance: false },
      { status: false, maintenance: true },
      { status: false, maintenance: true },
    ]);
    const stats = await db.query<{ passed: number; failed: number }>(
      'SELECT passed::int, failed::int FROM check_stats WHERE check_id = $1',
      [web.checkId],
    );
    expect(stats.rows).toEqual([{ passed: 1, failed: 0 }]);
    const summary = await db.query<{ json: string }>('SELECT json FROM check_summaries WHERE check_id = $1', [
      web.checkId,
    ]);
    expect(JSON.parse(summary.rows[0]!.json).uptime).toMatchObject({ passed: 1, failed: 0 });
    // A config item's Checks tab counts the same way.
    const { rows: item } = await db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, health) VALUES ('Kubernetes::Deployment', 'web', 'healthy') RETURNING id`,
    );
    await db.query(
      `INSERT INTO check_config_relationships (config_id, check_id, canary_id) VALUES ($1, $2, $3)`,
      [item[0]!.id, web.checkId, web.canaryId],
    );
    const tab = await db.query<{ uptime: unknown }>(
      'SELECT uptime FROM check_summary_for_config WHERE config_id = $1',
      [item[0]!.id],
    );
    expect(tab.rows).toEqual([{ uptime: { passed: 1, failed: 0 } }]);
    await rollUpCheckStatuses(db);
    // Counted apart in the roll-ups (a status page draws such days as maintenance).
    for (const table of ['check_statuses_1h', 'check_statuses_1d']) {
      const { rows: sums } = await db.query<{ passed: number; failed: number; maintenance: number }>(
        `SELECT sum(passed)::int AS passed, sum(failed)::int AS failed, sum(maintenance)::int AS maintenance
         FROM ${table} WHERE check_id = $1`,
        [web.checkId],
      );
      expect(sums, table).toEqual([{ passed: 1, failed: 0, maintenance: 2 }]);
    }
  });

  it('marks results an agent pushed from inside a window, and only those', async () => {
    const web = await addCheck(db, 'web-home');
    await covering('patching');
    await db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status) VALUES ($1, $2, 5, false), ($1, $3, 5, true)`,
      [web.checkId, minutes(-1), minutes(-30)],
    );
    await markPushedResults(db, [web.checkId]);
    const { rows } = await db.query<{ status: boolean; maintenance: boolean }>(
      'SELECT status, maintenance FROM check_statuses WHERE check_id = $1 ORDER BY time',
      [web.checkId],
    );
    expect(rows).toEqual([
      { status: true, maintenance: false },
      { status: false, maintenance: true },
    ]);
  });

  it('sends one start and one end message per occurrence, whichever replica runs the job', async () => {
    const ctx = notificationContext(db, { SMTP_URL: smtp.url });
    const start = new Date(Date.now() - 60_000);
    await addWindow({
      name: 'db upgrade',
      starts_at: start,
      ends_at: new Date(start.getTime() + 10 * 60_000),
      selectors: [{ name: 'db-*' }],
      notify: { recipients: ['ops@example.org'], endMessage: 'The database is back.' },
    });
    const [a, b] = await Promise.all([sendNotices(ctx), sendNotices(ctx)]);
    expect(a + b).toBe(1);
    await smtp.waitForMail((m) => m.subject === 'Maintenance started: db upgrade');
    const later = new Date(start.getTime() + 11 * 60_000);
    expect((await sendNotices(ctx, later)) + (await sendNotices(ctx, later))).toBe(1);
    const end = await smtp.waitForMail((m) => m.subject === 'Maintenance ended: db upgrade');
    expect(end.text).toContain('The database is back.');
    expect(end.to).toEqual(['ops@example.org']);
    expect(smtp.mails).toHaveLength(2);
  });

  it('recurring windows are written for the occurrence under way, in the window’s time zone', async () => {
    const web = await addCheck(db, 'web-home');
    // Every day 01:00–03:00 in Berlin; at 00:30Z on a winter day (01:30 CET) it is under way.
    const at = new Date('2026-01-15T00:30:00Z');
    await addWindow(
      {
        name: 'nightly',
        schedule: '0 1 * * *',
        duration: '2h',
        time_zone: 'Europe/Berlin',
        selectors: [{ name: 'web-*' }],
      },
      at,
    );
    const { rows } = await db.query<{ starts_at: Date; ends_at: Date }>(
      'SELECT starts_at, ends_at FROM maintenance_resources WHERE resource_id = $1',
      [web.checkId],
    );
    expect(rows.map((r) => [new Date(r.starts_at).toISOString(), new Date(r.ends_at).toISOString()])).toEqual(
      [['2026-01-15T00:00:00.000Z', '2026-01-15T02:00:00.000Z']],
    );
  });

  it('keeps the next 14 days of occurrences and what each window covers, for status pages', async () => {
    const web = await addCheck(db, 'web-home');
    await addCheck(db, 'api-ping');
    const at = new Date('2026-03-20T12:00:00Z');
    const nightly = await addWindow(
      {
        name: 'nightly',
        schedule: '30 2 * * *',
        duration: '1h',
        time_zone: 'Europe/Berlin',
        selectors: [{ name: 'web-*' }],
      },
      at,
    );
    // Three weeks ahead: outside the horizon, so neither occurrences nor coverage.
    await addWindow(
      {
        name: 'later',
        starts_at: new Date(at.getTime() + 21 * 86_400_000),
        ends_at: new Date(at.getTime() + 22 * 86_400_000),
        selectors: [{ name: 'api-*' }],
      },
      at,
    );
    const { rows: occ } = await db.query<{ window_id: string; starts_at: Date }>(
      'SELECT window_id, starts_at FROM maintenance_occurrences ORDER BY starts_at',
    );
    expect(new Set(occ.map((o) => o.window_id))).toEqual(new Set([nightly]));
    // 02:30 in Berlin: CET (01:30Z) until the clocks go forward on 29 March, when 02:30 does not
    // exist and it fires at 03:00 CEST (01:00Z), then CEST (00:30Z).
    expect(occ.map((o) => new Date(o.starts_at).toISOString().slice(5, 16))).toEqual([
      ...['21', '22', '23', '24', '25', '26', '27', '28'].map((d) => `03-${d}T01:30`),
      '03-29T01:00',
      ...['30', '31'].map((d) => `03-${d}T00:30`),
      ...['01', '02', '03'].map((d) => `04-${d}T00:30`),
    ]);
    const { rows: cov } = await db.query<{ window_id: string; resource_id: string; resource_type: string }>(
      'SELECT window_id, resource_id, resource_type FROM maintenance_coverage',
    );
    expect(cov).toEqual([{ window_id: nightly, resource_id: web.checkId, resource_type: 'check' }]);
    // None of it is under way, so the hot table stays empty.
    expect((await db.query('SELECT 1 FROM maintenance_resources')).rows).toEqual([]);
    // A deleted window leaves the horizon with the next refresh.
    await db.query('UPDATE maintenance_windows SET deleted_at = now() WHERE id = $1', [nightly]);
    await db.transaction((tx) => refreshMaintenance(tx, at));
    expect((await db.query('SELECT 1 FROM maintenance_occurrences')).rows).toEqual([]);
    expect((await db.query('SELECT 1 FROM maintenance_coverage')).rows).toEqual([]);
  });
});
