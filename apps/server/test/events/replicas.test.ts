import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres } from '../../src/db/pg.js';
import type { Db } from '../../src/db/types.js';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import type { DomainEvent } from '../../src/platform/domain.js';
import { freshDb } from '../helpers.js';
import { eventContext, queueEvents, queueSummary, testOptions } from './context.js';

const EVENTS = 3000;

describe('two consumers with their own pools on one PostgreSQL database', () => {
  let a: Db;
  let b: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb('postgresql');
    a = fresh.db;
    drop = fresh.drop;
    await migrate(a);
    b = await openPostgres(fresh.url!, { poolSize: 5, statementTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await b.close();
    await drop();
  });

  it('never take the same event: each is handled once, failures retried once more', async () => {
    const ids = await queueEvents(a, 'config.changed', EVENTS);
    // Every tenth event fails its first attempt; with no back-off it is due again at once.
    const failOnce = new Set(ids.filter((_, i) => i % 10 === 0));
    const handledBy = new Map<string, string[]>();
    const attempts = new Map<string, number>();
    const inHand = new Set<string>();
    const overlaps: string[] = [];
    const handler = (consumer: string) => async (e: DomainEvent) => {
      if (inHand.has(e.id)) overlaps.push(e.id);
      inHand.add(e.id);
      attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
      // Give the other consumer a chance to claim while this one is busy.
      await yieldToLoop();
      inHand.delete(e.id);
      if (failOnce.delete(e.id)) throw new Error('first attempt fails');
      handledBy.set(e.id, [...(handledBy.get(e.id) ?? []), consumer]);
    };
    const env = { EVENT_BACKOFF_BASE: '0' };
    const ctxA = eventContext(a, env);
    const ctxB = eventContext(b, env);
    const options = testOptions(ctxA, { batchSize: 50 });

    const [fromA, fromB] = await Promise.all([
      drainEvents(
        ctxA,
        eventRegistryOf([{ name: 'n', eventHandlers: { 'config.changed': handler('a') } }]),
        options,
      ),
      drainEvents(
        ctxB,
        eventRegistryOf([{ name: 'n', eventHandlers: { 'config.changed': handler('b') } }]),
        options,
      ),
    ]);

    expect(overlaps).toEqual([]);
    expect(handledBy.size).toBe(EVENTS);
    expect([...handledBy.values()].filter((by) => by.length !== 1)).toEqual([]);
    expect(fromA.consumed + fromB.consumed).toBe(EVENTS);
    expect(fromA.failed + fromB.failed).toBe(EVENTS / 10);
    expect([...attempts.values()].filter((n) => n === 2)).toHaveLength(EVENTS / 10);
    // Both took part.
    expect(fromA.consumed).toBeGreaterThan(0);
    expect(fromB.consumed).toBeGreaterThan(0);
    expect(await queueSummary(a)).toEqual([]);
  });
});
