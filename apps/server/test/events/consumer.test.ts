import crypto from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../src/context.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { drainEvents } from '../../src/events/consumer.js';
import { claimEvents } from '../../src/events/queue.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import type { DomainEvent, EventHandler } from '../../src/platform/domain.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { eventContext, queueEvents, queueSummary, testOptions } from './context.js';

const MINUTE = 60_000;
const plus = (t: Date, ms: number) => new Date(t.getTime() + ms);

/** A registry of one domain per entry, each handling the listed event names. */
function registry(domains: Record<string, Record<string, EventHandler>>) {
  return eventRegistryOf(Object.entries(domains).map(([name, eventHandlers]) => ({ name, eventHandlers })));
}

describe.each(DB_KINDS)('the event consumer on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ctx: ServerContext;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM event_queue');
    ctx = eventContext(db);
  });

  const queued = async () =>
    (
      await db.query<{
        id: string;
        name: string;
        attempts: number;
        error: string | null;
        available_at: Date;
        last_attempt: Date | null;
        failed_at: Date | null;
        properties: Record<string, unknown>;
      }>('SELECT * FROM event_queue ORDER BY created_at')
    ).rows;

  it('consumes events nobody handles instead of leaving them pending', async () => {
    await queueEvents(db, 'check.failed', 3);
    expect(await queueSummary(db)).toMatchObject([{ name: 'check.failed', pending: 3, failed: 0 }]);

    const result = await drainEvents(ctx, registry({}), testOptions(ctx));

    expect(result).toEqual({ consumed: 3, failed: 0 });
    expect(await queued()).toEqual([]);
    expect(await queueSummary(db)).toEqual([]);
    expect(await ctx.metrics.registry.getSingleMetricAsString('opsdeck_events_consumed_total')).toContain(
      'opsdeck_events_consumed_total{name="check.failed",handled="false"} 3',
    );
  });

  it('hands each event to every domain handling its name, highest priority first, then oldest (one at a time)', async () => {
    const [first, second] = await queueEvents(db, 'config.created', 2);
    await db.query('UPDATE event_queue SET priority = 10 WHERE id = $1 RETURNING id', [second]);
    const seen: string[] = [];
    const record = (who: string) => async (e: DomainEvent) => void seen.push(`${who}:${e.id}`);
    const handlers = registry({
      notifications: { 'config.created': record('notifications') },
      playbooks: { 'config.created': record('playbooks') },
    });

    await drainEvents(ctx, handlers, testOptions(ctx, { batchSize: 10, concurrency: 1 }));

    expect(seen).toEqual([
      `notifications:${second}`,
      `playbooks:${second}`,
      `notifications:${first}`,
      `playbooks:${first}`,
    ]);
    expect(await queued()).toEqual([]);
  });

  it("handles different resources' events side by side and one resource's events in order", async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [name, resource] of [
      ['check.failed', a],
      ['check.failed', b],
      ['check.passed', a],
      ['check.passed', b],
    ] as const) {
      await db.query(
        `INSERT INTO event_queue (name, event_id, properties, created_at) VALUES ($1, $2, '{}', clock_timestamp())`,
        [name, resource],
      );
    }
    const seen: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    // Each handler waits until the other lane has started too, which only side-by-side lanes allow.
    let release: () => void = () => undefined;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    const handle = async (e: DomainEvent) => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      if (mostAtOnce >= 2) release();
      await Promise.race([bothStarted, new Promise((r) => setTimeout(r, 2000))]);
      const { rows } = await db.query<{ event_id: string }>(
        'SELECT event_id::text FROM event_queue WHERE id = $1',
        [e.id],
      );
      seen.push(`${e.name}:${rows[0]?.event_id === a ? 'a' : 'b'}`);
      running--;
    };
    const handlers = registry({ notifications: { 'check.failed': handle, 'check.passed': handle } });

    await drainEvents(ctx, handlers, testOptions(ctx, { batchSize: 10, concurrency: 4 }));

    expect(mostAtOnce).toBe(2);
    expect(seen.filter((s) => s.endsWith(':a'))).toEqual(['check.failed:a', 'check.passed:a']);
    expect(seen.filter((s) => s.endsWith(':b'))).toEqual(['check.failed:b', 'check.passed:b']);
    expect(await queued()).toEqual([]);
  });

  it('retries a failing event after 60 s × attempts⁵ and keeps it as failed after the last retry', async () => {
    const [id] = await queueEvents(db, 'check.failed', 1);
    let calls = 0;
    const handlers = registry({
      notifications: {
        'check.failed': async () => {
          calls++;
          throw new Error('webhook answered 500');
        },
      },
    });
    let clock = plus(new Date(), 1000);
    const options = testOptions(ctx, { now: () => clock });
    expect(options).toMatchObject({ backoffBaseMs: MINUTE, maxRetries: 3 });

    await drainEvents(ctx, handlers, options);
    let [event] = await queued();
    expect(event).toMatchObject({ id, attempts: 1, error: 'webhook answered 500', failed_at: null });
    expect(event?.last_attempt).toEqual(clock);
    expect(event?.available_at).toEqual(plus(clock, MINUTE));
    expect(await queueSummary(db)).toMatchObject([
      { name: 'check.failed', pending: 1, failed: 1, given_up: 0, most_common_error: 'webhook answered 500' },
    ]);

    // Not before its time.
    clock = plus(clock, MINUTE - 1000);
    expect(await drainEvents(ctx, handlers, options)).toEqual({ consumed: 0, failed: 0 });
    expect(calls).toBe(1);

    clock = plus(clock, 1000);
    await drainEvents(ctx, handlers, options);
    [event] = await queued();
    expect(event).toMatchObject({ attempts: 2, failed_at: null });
    expect(event?.available_at).toEqual(plus(clock, 32 * MINUTE));

    clock = plus(clock, 32 * MINUTE);
    await drainEvents(ctx, handlers, options);
    [event] = await queued();
    expect(event).toMatchObject({ attempts: 3, failed_at: null });
    expect(event?.available_at).toEqual(plus(clock, 243 * MINUTE));

    // The third retry is the last.
    clock = plus(clock, 243 * MINUTE);
    await drainEvents(ctx, handlers, options);
    [event] = await queued();
    expect(event).toMatchObject({ attempts: 4, error: 'webhook answered 500' });
    expect(event?.failed_at).toEqual(clock);
    expect(calls).toBe(4);

    clock = plus(clock, 365 * 24 * 60 * MINUTE);
    await drainEvents(ctx, handlers, options);
    expect(calls).toBe(4);
    const [summary] = await queueSummary(db);
    expect(summary).toMatchObject({
      name: 'check.failed',
      pending: 0,
      failed: 1,
      given_up: 1,
      average_attempts: 4,
      most_common_error: 'webhook answered 500',
    });
    expect(summary?.last_failure).toEqual(event?.failed_at);
    const metric = await ctx.metrics.registry.getSingleMetricAsString('opsdeck_events_failed_total');
    expect(metric).toContain('opsdeck_events_failed_total{name="check.failed",final="false"} 3');
    expect(metric).toContain('opsdeck_events_failed_total{name="check.failed",final="true"} 1');
  });

  it('with no back-off (EVENT_BACKOFF_BASE=0) retries at once, up to EVENT_MAX_RETRIES', async () => {
    ctx = eventContext(db, { EVENT_BACKOFF_BASE: '0', EVENT_MAX_RETRIES: '1' });
    await queueEvents(db, 'flaky', 1);
    await queueEvents(db, 'broken', 1);
    let flaky = 0;
    let broken = 0;
    const handlers = registry({
      notifications: {
        flaky: async () => {
          if (++flaky < 2) throw new Error('not yet');
        },
        broken: async () => {
          broken++;
          throw new Error('never');
        },
      },
    });

    await drainEvents(ctx, handlers, testOptions(ctx));

    expect({ flaky, broken }).toEqual({ flaky: 2, broken: 2 });
    expect(await queueSummary(db)).toMatchObject([
      { name: 'broken', pending: 0, failed: 1, given_up: 1, average_attempts: 2, most_common_error: 'never' },
    ]);
  });

  it('retries only the handlers that failed', async () => {
    ctx = eventContext(db, { EVENT_BACKOFF_BASE: '0' });
    await queueEvents(db, 'check.failed', 1);
    const calls = { notifications: 0, playbooks: 0 };
    const handlers = registry({
      notifications: { 'check.failed': async () => void calls.notifications++ },
      playbooks: {
        'check.failed': async () => {
          if (++calls.playbooks === 1) throw new Error('playbook not found');
        },
      },
    });

    await drainEvents(ctx, handlers, testOptions(ctx));

    expect(calls).toEqual({ notifications: 1, playbooks: 2 });
    expect(await queued()).toEqual([]);
  });

  it('names the failing domain in the error when several handle the name', async () => {
    await queueEvents(db, 'check.failed', 1);
    const handlers = registry({
      notifications: { 'check.failed': async () => {} },
      playbooks: { 'check.failed': () => Promise.reject(new Error('playbook not found')) },
    });
    await drainEvents(ctx, handlers, testOptions(ctx, { now: () => plus(new Date(), 1000) }));
    expect(await queued()).toMatchObject([
      { attempts: 1, error: 'playbooks: playbook not found', handled_by: ['notifications'] },
    ]);
  });

  it('fails a handler that does not finish within the time limit', async () => {
    await queueEvents(db, 'config.changed', 1);
    const handlers = registry({ slow: { 'config.changed': () => new Promise<void>(() => {}) } });
    await drainEvents(ctx, handlers, testOptions(ctx, { handlerTimeoutMs: 50 }));
    expect(await queued()).toMatchObject([
      { attempts: 1, error: 'the handler did not finish within 0.05s', failed_at: null },
    ]);
  });

  it('starts again when a newer event for the same resource replaces a queued or failed one', async () => {
    const resource = '3f7f6b8e-2d8c-4c55-8d5e-5f3a1b2c9d10';
    const enqueue = (status: string) =>
      db.query("SELECT enqueue_event('check.failed', $1, $2)", [
        resource,
        JSON.stringify({ id: resource, status }),
      ]);
    await enqueue('first');
    ctx = eventContext(db, { EVENT_BACKOFF_BASE: '0' });
    const failing = registry({ n: { 'check.failed': () => Promise.reject(new Error('down')) } });
    await drainEvents(ctx, failing, testOptions(ctx));
    expect(await queueSummary(db)).toMatchObject([{ pending: 0, failed: 1, given_up: 1 }]);

    await enqueue('second');
    expect(await queued()).toMatchObject([
      { attempts: 0, error: null, failed_at: null, last_attempt: null, properties: { status: 'second' } },
    ]);
    expect(await queueSummary(db)).toMatchObject([{ pending: 1, failed: 0, given_up: 0 }]);
  });

  it('keeps a replacement queued while the consumer handles the event it replaces', async () => {
    const resource = '0b9a8c7d-1e2f-4a3b-9c8d-7e6f5a4b3c2d';
    const enqueue = (status: string) =>
      db.query("SELECT enqueue_event('config.unhealthy', $1, $2)", [
        resource,
        JSON.stringify({ id: resource, status }),
      ]);
    await enqueue('first');
    const seen: unknown[] = [];
    const handlers = registry({
      n: {
        'config.unhealthy': async (e) => {
          seen.push(e.properties.status);
          // The resource changes again while its first event is being handled.
          if (seen.length === 1) await enqueue('second');
        },
      },
    });
    await drainEvents(ctx, handlers, testOptions(ctx));
    expect(seen).toEqual(['first', 'second']);
    expect(await queued()).toEqual([]);
  });

  it('takes an event again once the lease of a consumer that died has ended', async () => {
    const [id] = await queueEvents(db, 'component.unhealthy', 1);
    const claimed = await claimEvents(db, {
      token: '11111111-2222-4333-8444-555555555555',
      limit: 10,
      leaseMs: 10 * MINUTE,
      now: null,
    });
    expect(claimed.map((e) => e.id)).toEqual([id]);
    // …and that consumer never comes back.
    const seen: string[] = [];
    const handlers = registry({ n: { 'component.unhealthy': async (e) => void seen.push(e.id) } });
    await drainEvents(ctx, handlers, testOptions(ctx));
    expect(seen).toEqual([]);
    await drainEvents(ctx, handlers, testOptions(ctx, { now: () => plus(new Date(), 10 * MINUTE + 1000) }));
    expect(seen).toEqual([id]);
    expect(await queued()).toEqual([]);
  });

  it('fails a hanging handler alone, and holds claimed events for at most 30 s (what a crash leaves)', async () => {
    await queueEvents(db, 'config.changed', 1);
    await queueEvents(db, 'config.created', 3);
    const leases: number[] = [];
    const handlers = registry({
      n: {
        'config.changed': () => new Promise<void>(() => {}),
        'config.created': async (e) => {
          const { rows } = await db.query<{ s: number }>(
            'SELECT extract(epoch FROM available_at - now())::float AS s FROM event_queue WHERE id = $1',
            [e.id],
          );
          leases.push(rows[0]?.s ?? -1);
        },
      },
    });
    const result = await drainEvents(ctx, handlers, testOptions(ctx, { handlerTimeoutMs: 300 }));
    expect(result).toEqual({ consumed: 3, failed: 1 });
    expect(leases).toHaveLength(3);
    // A process killed now leaves these events to the next within 30 s, not minutes.
    for (const s of leases) expect(s).toBeLessThanOrEqual(30);
    expect(await queued()).toMatchObject([
      { name: 'config.changed', attempts: 1, error: 'the handler did not finish within 0.3s' },
    ]);
  });

  it('names a handler still running after the warning time in the log, while it runs and when it ends', async () => {
    await queueEvents(db, 'config.created', 1);
    const lines: { msg: string; event?: string; domain?: string }[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const slowCtx = { ...ctx, log };
    const handlers = registry({
      scraper: { 'config.created': () => new Promise((r) => setTimeout(r, 400)) },
    });
    await drainEvents(slowCtx, handlers, testOptions(slowCtx, { slowWarnMs: 100 }));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'an event handler is still running after 0.1s',
        event: 'config.created',
        domain: 'scraper',
      }),
      expect.objectContaining({
        msg: 'a slow event handler ended',
        event: 'config.created',
        domain: 'scraper',
      }),
    ]);
  });
});
