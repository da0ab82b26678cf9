import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { processPending } from '../../src/notifications/pending.js';
import { takeRateSlot } from '../../src/notifications/rate-limit.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import {
  addCheck,
  addRule,
  drain,
  history,
  notificationContext,
  resetTables,
  setCheckStatus,
  startWebhookSink,
  type WebhookSink,
} from './fixtures.js';

describe.each(DB_KINDS)('the notification pipeline on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let hooks: WebhookSink;
  let webhook: string;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
    hooks = await startWebhookSink();
    webhook = `generic+${hooks.url}/hook`;
  });
  afterAll(async () => {
    await hooks.stop();
    await drop();
  });
  beforeEach(async () => {
    await resetTables(db);
    hooks.hooks.length = 0;
  });

  /** Fails the check, lets the consumer run, and recovers it (check.passed is not subscribed). */
  async function failOnce(ctx: ReturnType<typeof notificationContext>, checkId: string): Promise<void> {
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    await setCheckStatus(db, checkId, 'healthy');
    await drain(ctx);
  }

  /** Lets a held notification's wait end now, instead of waiting for it. */
  const waitIsOver = () =>
    db.query(
      `UPDATE notification_send_history SET not_before = now() - interval '1 second' WHERE status = 'pending'`,
    );

  it('only tells about events its filter matches', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, {
      url: webhook,
      filter: "check.labels.team == 'web' && check.type == 'http'",
    });
    const web = await addCheck(db, 'web-home', { team: 'web' });
    const db1 = await addCheck(db, 'db-ping', { team: 'data' });
    await setCheckStatus(db, web.checkId, 'unhealthy');
    await setCheckStatus(db, db1.checkId, 'unhealthy');
    await drain(ctx);
    expect((await history(db, ruleId)).map((r) => r.resource.name)).toEqual(['web-home']);
    expect(hooks.hooks).toHaveLength(1);
  });

  it('stores a filter that fails at run time on the rule and sends nothing', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, { url: webhook, filter: "check.labels['missing'] == 'x'" });
    const { checkId } = await addCheck(db, 'no-labels');
    await setCheckStatus(db, checkId, 'unhealthy');
    await drain(ctx);
    const { rows } = await db.query<{ error: string | null }>(
      'SELECT error FROM notifications WHERE id = $1',
      [ruleId],
    );
    expect(rows[0]?.error).toMatch(/^filter: .*No such key: missing/);
    expect(await history(db, ruleId)).toEqual([]);
    expect(hooks.hooks).toEqual([]);
    // The event itself was consumed: a bad rule does not hold the queue.
    expect((await db.query('SELECT 1 FROM event_queue')).rows).toEqual([]);
  });

  it('records repeat-interval instead of sending again within the interval, counting repeats in one row', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, { url: webhook, repeat_interval: '1h' });
    const { checkId } = await addCheck(db, 'flappy');
    await failOnce(ctx, checkId);
    await failOnce(ctx, checkId);
    await failOnce(ctx, checkId);
    expect(await history(db, ruleId)).toMatchObject([
      { status: 'sent', count: 1 },
      { status: 'repeat-interval', count: 2 },
    ]);
    expect(hooks.hooks).toHaveLength(1);
  });

  it('sends every time without a repeat interval', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, { url: webhook });
    const { checkId } = await addCheck(db, 'noisy');
    await failOnce(ctx, checkId);
    await failOnce(ctx, checkId);
    expect((await history(db, ruleId)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });

  it('stops at the rate limit per rule even when events are handled side by side', async () => {
    const ctx = notificationContext(db, {
      NOTIFICATION_RATE_LIMIT: '3',
      NOTIFICATION_RATE_WINDOW: '4h',
      EVENT_CONCURRENCY: '8',
    });
    const ruleId = await addRule(db, { url: webhook });
    for (let i = 0; i < 10; i++) {
      const { checkId } = await addCheck(db, `rate-${i}`);
      await setCheckStatus(db, checkId, 'unhealthy');
    }
    await drain(ctx);
    const rows = await history(db, ruleId);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(3);
    const skipped = rows.filter((r) => r.status === 'skipped');
    expect(skipped).toHaveLength(7);
    expect(new Set(skipped.map((r) => r.error))).toEqual(new Set(['rate limit: 3 notifications per 4h']));
    expect(hooks.hooks).toHaveLength(3);
  });

  it('never lets more than the limit through when sends are taken several at a time (high limits)', async () => {
    const ruleId = await addRule(db, { url: webhook });
    // A limit of 500 lets a process take 10 sends at once; 700 senders at the same time.
    const taken = await Promise.all(
      Array.from({ length: 700 }, () => takeRateSlot(db, ruleId, 500, 3_600_000)),
    );
    expect(taken.filter(Boolean)).toHaveLength(500);
    expect(await takeRateSlot(db, ruleId, 500, 3_600_000)).toBe(false);
  });

  it('skips an event whose resource no longer exists', async () => {
    const ctx = notificationContext(db);
    const ruleId = await addRule(db, { url: webhook });
    const { checkId } = await addCheck(db, 'gone');
    await setCheckStatus(db, checkId, 'unhealthy');
    await db.query('UPDATE checks SET deleted_at = now() WHERE id = $1', [checkId]);
    await drain(ctx);
    expect(await history(db, ruleId)).toMatchObject([
      { status: 'skipped', error: 'resource no longer exists', resource_id: checkId },
    ]);
    expect(hooks.hooks).toEqual([]);
  });

  describe('group_by', () => {
    it('sends the failures of one group held together as one message, and other groups on their own', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook, wait_for_ms: 120_000, group_by: ['label:team'] });
      const checks: Record<string, string> = {};
      for (const [name, team] of [
        ['cart', 'shop'],
        ['basket', 'shop'],
        ['payment', 'shop'],
        ['search', 'catalog'],
      ] as const) {
        checks[name] = (await addCheck(db, name, { team })).checkId;
        await setCheckStatus(db, checks[name]!, 'unhealthy');
      }
      await drain(ctx);
      expect((await history(db, ruleId)).map((r) => r.status)).toEqual([
        'pending',
        'pending',
        'pending',
        'pending',
      ]);
      // payment recovers while held: it is left out of its group's message.
      await setCheckStatus(db, checks.payment!, 'healthy');

      await waitIsOver();
      await processPending(ctx);

      const titles = hooks.hooks.map((h) => (JSON.parse(h.body) as { title: string }).title).sort();
      expect(titles).toHaveLength(2);
      expect(titles).toContain('Check search has failed');
      expect(titles.find((t) => t !== 'Check search has failed')).toMatch(
        /^Check (cart|basket) has failed \(and 1 more check\)$/,
      );
      const shop = hooks.hooks.map((h) => h.body).find((b) => b.includes('more check'));
      expect(shop).toContain('Also in this group');
      const rows = await history(db, ruleId);
      const byResource = Object.fromEntries(rows.map((r) => [r.resource.name, r.status]));
      expect(byResource).toEqual({ cart: 'sent', basket: 'sent', payment: 'skipped', search: 'sent' });
    });
  });

  describe('wait_for', () => {
    it('holds the notification, then sends it when the check is still failing', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook, wait_for_ms: 120_000 });
      const { checkId } = await addCheck(db, 'slow-fail');
      await setCheckStatus(db, checkId, 'unhealthy');
      await drain(ctx);
      expect(await history(db, ruleId)).toMatchObject([{ status: 'pending' }]);
      // Not due yet: nothing happens.
      expect(await processPending(ctx)).toBe(0);
      expect(hooks.hooks).toEqual([]);

      await waitIsOver();
      expect(await processPending(ctx)).toBe(1);
      expect(await history(db, ruleId)).toMatchObject([{ status: 'sent' }]);
      expect(JSON.parse(hooks.hooks[0]!.body)).toMatchObject({ title: 'Check slow-fail has failed' });
    });

    it('skips the notification when the check recovered in the meantime', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook, wait_for_ms: 120_000 });
      const { checkId } = await addCheck(db, 'blip');
      await setCheckStatus(db, checkId, 'unhealthy');
      await drain(ctx);
      await setCheckStatus(db, checkId, 'healthy');
      await drain(ctx);

      await waitIsOver();
      await processPending(ctx);
      expect(await history(db, ruleId)).toMatchObject([
        { status: 'skipped', error: 'the resource is healthy now' },
      ]);
      expect(hooks.hooks).toEqual([]);
    });

    it('skips it when the resource was deleted while waiting', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook, wait_for_ms: 120_000 });
      const { checkId } = await addCheck(db, 'removed');
      await setCheckStatus(db, checkId, 'unhealthy');
      await drain(ctx);
      await db.query('UPDATE checks SET deleted_at = now() WHERE id = $1', [checkId]);
      await waitIsOver();
      await processPending(ctx);
      expect(await history(db, ruleId)).toMatchObject([
        { status: 'skipped', error: 'resource no longer exists' },
      ]);
    });
  });

  describe('silences', () => {
    async function silence(fields: Record<string, unknown>): Promise<string> {
      const cols = Object.keys(fields);
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO notification_silences (${cols.map((c) => `"${c}"`).join(', ')})
         VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        cols.map((c) => (c === 'selectors' ? JSON.stringify(fields[c]) : fields[c])),
      );
      return rows[0]!.id;
    }

    it('silences a check named directly, and only while the silence lasts', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook });
      const quiet = await addCheck(db, 'quiet');
      const loud = await addCheck(db, 'loud');
      const silenceId = await silence({ check_id: quiet.checkId, until: new Date(Date.now() + 3_600_000) });
      await silence({ check_id: loud.checkId, until: new Date(Date.now() - 60_000) });
      await setCheckStatus(db, quiet.checkId, 'unhealthy');
      await setCheckStatus(db, loud.checkId, 'unhealthy');
      await drain(ctx);
      const rows = await history(db, ruleId);
      expect(rows.find((r) => r.resource.name === 'quiet')).toMatchObject({
        status: 'silenced',
        silenced_by: silenceId,
      });
      expect(rows.find((r) => r.resource.name === 'loud')).toMatchObject({ status: 'sent' });
    });

    it('silences the checks of a silenced canary', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook });
      const { checkId, canaryId } = await addCheck(db, 'in-canary');
      await silence({ canary_id: canaryId });
      await setCheckStatus(db, checkId, 'unhealthy');
      await drain(ctx);
      expect(await history(db, ruleId)).toMatchObject([{ status: 'silenced' }]);
    });

    it('silences descendants of a config when recursive, not otherwise', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook, events: ['config.unhealthy'] });
      const parent = await db.query<{ id: string }>(
        `INSERT INTO config_items (type, name, health) VALUES ('Kubernetes::Namespace', 'shop', 'healthy') RETURNING id`,
      );
      const parentId = parent.rows[0]!.id;
      const child = async (name: string) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO config_items (type, name, health, parent_id, path) VALUES ('Kubernetes::Pod', $1, 'healthy', $2::uuid, $3::text) RETURNING id`,
            [name, parentId, parentId],
          )
        ).rows[0]!.id;
      const podA = await child('pod-a');
      await silence({ config_id: parentId, recursive: true });
      await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [podA]);
      await drain(ctx);
      expect(await history(db, ruleId)).toMatchObject([{ status: 'silenced', resource_id: podA }]);

      await db.query('UPDATE notification_silences SET recursive = false');
      const podB = await child('pod-b');
      await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [podB]);
      await drain(ctx);
      expect((await history(db, ruleId)).find((r) => r.resource_id === podB)).toMatchObject({
        status: 'sent',
      });
    });

    it('silences what a CEL filter matches', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook });
      await silence({ filter: "check.name.startsWith('batch-')" });
      const batch = await addCheck(db, 'batch-nightly');
      const api = await addCheck(db, 'api-latency');
      await setCheckStatus(db, batch.checkId, 'unhealthy');
      await setCheckStatus(db, api.checkId, 'unhealthy');
      await drain(ctx);
      const rows = await history(db, ruleId);
      expect(rows.find((r) => r.resource.name === 'batch-nightly')?.status).toBe('silenced');
      expect(rows.find((r) => r.resource.name === 'api-latency')?.status).toBe('sent');
    });

    it('silences what a resource selector matches', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook });
      await silence({ selectors: [{ name: 'canary-*' }, { types: ['http'], labelSelector: 'env=staging' }] });
      const staging = await addCheck(db, 'stage-home', { env: 'staging' });
      const prod = await addCheck(db, 'prod-home', { env: 'prod' });
      await setCheckStatus(db, staging.checkId, 'unhealthy');
      await setCheckStatus(db, prod.checkId, 'unhealthy');
      await drain(ctx);
      const rows = await history(db, ruleId);
      expect(rows.find((r) => r.resource.name === 'stage-home')?.status).toBe('silenced');
      expect(rows.find((r) => r.resource.name === 'prod-home')?.status).toBe('sent');
    });

    it('ignores a silence whose filter fails, keeping the error on it', async () => {
      const ctx = notificationContext(db);
      const ruleId = await addRule(db, { url: webhook });
      const silenceId = await silence({ filter: 'check.nope.deeper == 1' });
      const { checkId } = await addCheck(db, 'unaffected');
      await setCheckStatus(db, checkId, 'unhealthy');
      await drain(ctx);
      expect((await history(db, ruleId)).map((r) => r.status)).toEqual(['sent']);
      const { rows } = await db.query<{ error: string | null }>(
        'SELECT error FROM notification_silences WHERE id = $1',
        [silenceId],
      );
      expect(rows[0]?.error).toContain('No such key: nope');
    });
  });
});
