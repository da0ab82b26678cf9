import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { eventsDomain } from '../../src/events/index.js';
import { jobsOf, type DomainEvent } from '../../src/platform/domain.js';
import { DB_KINDS, freshDb } from '../helpers.js';
import { eventContext, queueEvents } from './context.js';

describe.each(DB_KINDS)('the EventConsumer job on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });

  it('runs the handlers a domain declares for events queued while it waits, and stops when asked', async () => {
    const handled: DomainEvent[] = [];
    let arrived = () => {};
    const firstArrival = new Promise<void>((resolve) => (arrived = resolve));
    const [job] = jobsOf([
      eventsDomain([
        {
          name: 'notifications',
          eventHandlers: {
            'check.failed': async (e) => {
              handled.push(e);
              arrived();
            },
          },
        },
      ]),
    ]);
    expect(job?.name).toBe('EventConsumer');
    const ctx = eventContext(db);
    const stop = new AbortController();
    const running = job!.run(ctx, stop.signal);

    const [id] = await queueEvents(db, 'check.failed', 1);
    await firstArrival;
    stop.abort();

    expect(await running).toEqual({ success: 1, errors: 0 });
    expect(handled.map((e) => [e.id, e.name, e.properties])).toEqual([[id, 'check.failed', { n: 1 }]]);
    const { rows } = await db.query('SELECT id FROM event_queue');
    expect(rows).toEqual([]);
  });
});
