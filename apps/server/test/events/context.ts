import pino from 'pino';
import { allowListAccess } from '../../src/access.js';
import type { ServerContext } from '../../src/context.js';
import type { Db } from '../../src/db/types.js';
import { consumerOptions, type ConsumerOptions } from '../../src/events/consumer.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { inProcessConfig } from '../in-process-config.js';

/** What one server process hands the event consumer: its database, config, log and metrics. */
export function eventContext(db: Db, env: Record<string, string> = {}): ServerContext {
  return {
    config: inProcessConfig(env),
    db,
    log: pino({ level: 'silent' }),
    metrics: createMetrics(db),
    dataAccess: allowListAccess,
    publicBaseUrl: () => 'http://127.0.0.1',
  };
}

/** The consumer's options from the server's defaults, with a test's changes. */
export function testOptions(ctx: ServerContext, changes: Partial<ConsumerOptions> = {}): ConsumerOptions {
  return { ...consumerOptions(ctx.config), ...changes };
}

/** Queues `count` events of `name` directly, as a producer would. Returns their ids in order. */
export async function queueEvents(db: Db, name: string, count: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO event_queue (name, properties, created_at)
     SELECT $1, jsonb_build_object('n', g), now() + make_interval(secs => g / 1000.0)
     FROM generate_series(1, $2) AS g RETURNING id`,
    [name, count],
  );
  return rows.map((r) => r.id);
}

export type SummaryRow = {
  name: string;
  pending: number;
  failed: number;
  average_attempts: number | null;
  first_failure: Date | null;
  last_failure: Date | null;
  most_common_error: string | null;
  given_up: number;
};

/** What the Event Queue page reads. */
export async function queueSummary(db: Db): Promise<SummaryRow[]> {
  const { rows } = await db.query<SummaryRow>('SELECT * FROM event_queue_summary ORDER BY name');
  return rows;
}
