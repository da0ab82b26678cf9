/**
 * One "server process" of the event consumer benchmark (bench/events.ts), started as a child
 * process: its own pool on the benchmark's PostgreSQL, the consumer code the EventConsumer job
 * runs (drainEvents) and a no-op handler that only notes the ids it was given. Talks to the
 * parent over IPC: `ready` once connected, then on `go` drains the queue and answers `done`
 * with the ids it handled. BENCH_EVENTS_URL and BENCH_EVENTS_NAME come from the parent. Not a
 * benchmark module itself: importing it would run it.
 */
import pino from 'pino';
import { z } from 'zod';
import { allowListAccess } from '../apps/server/src/access.js';
import type { ServerContext } from '../apps/server/src/context.js';
import { openPostgres } from '../apps/server/src/db/pg.js';
import { consumerOptions, drainEvents } from '../apps/server/src/events/consumer.js';
import { eventRegistryOf } from '../apps/server/src/events/registry.js';
import { createMetrics } from '../apps/server/src/platform/metrics.js';
import { inProcessConfig } from '../apps/server/test/in-process-config.js';

/** What the parent sends; `mode` picks the consumer or the bare-SQL baseline. */
const goMessage = z.object({ go: z.literal(true), mode: z.enum(['consumer', 'baseline']) });
export type GoMessage = z.infer<typeof goMessage>;
export type WorkerMessage = { ready: true } | { done: true; ids: string[] } | { error: string };

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('bench/events-worker.ts runs as a child process with IPC'));
    process.send(message, (e: Error | null) => (e ? reject(e) : resolve()));
  });
}

async function main(): Promise<void> {
  const url = z.string().url().parse(process.env.BENCH_EVENTS_URL);
  const eventName = z.string().min(1).parse(process.env.BENCH_EVENTS_NAME);
  const config = inProcessConfig({ DATABASE_URL: url });
  const db = await openPostgres(url, { poolSize: 4, statementTimeoutMs: 60_000 });
  const ctx: ServerContext = {
    config,
    db,
    log: pino({ level: 'silent' }),
    metrics: createMetrics(db),
    dataAccess: allowListAccess,
    publicBaseUrl: () => 'http://127.0.0.1',
  };
  const handled: string[] = [];
  const registry = eventRegistryOf([
    { name: 'bench', eventHandlers: { [eventName]: async (e) => void handled.push(e.id) } },
  ]);
  const message = await new Promise<GoMessage>((resolve) => {
    process.once('message', (m: unknown) => resolve(goMessage.parse(m)));
    void send({ ready: true });
  });
  if (message.mode === 'consumer') {
    await drainEvents(ctx, registry, consumerOptions(config));
  } else {
    // The least any consumer must do: take batches off the queue, the same size, no handler.
    for (;;) {
      const { rows } = await db.query<{ id: string }>(
        `DELETE FROM event_queue WHERE id IN (
           SELECT id FROM event_queue WHERE failed_at IS NULL AND available_at <= now()
           ORDER BY priority DESC, created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [config.events.batchSize],
      );
      if (!rows.length) break;
      for (const r of rows) handled.push(r.id);
    }
  }
  await send({ done: true, ids: handled });
  await db.close();
}

main().then(
  () => process.exit(0),
  async (e: unknown) => {
    await send({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) }).catch(() => {});
    process.exit(1);
  },
);
