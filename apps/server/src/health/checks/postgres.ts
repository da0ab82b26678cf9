import { postgresCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { loadPg } from '../../lib/packages.js';
import { outboundPgConfig } from '../../net/outbound-postgres.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';

type PostgresSpec = z.infer<typeof postgresCheckSchema>;

/** PostgreSQL: connects, runs the query (default `SELECT 1`), compares the row count. */
export const postgresRunner: CheckRunner<PostgresSpec> = {
  type: 'postgres',
  schema: postgresCheckSchema,
  endpoint: (s) => redactUrl(s.url ?? s.connection ?? ''),
  async run(spec, ctx) {
    const connectionString = spec.url ?? spec.connection ?? '';
    if (!/^postgres(ql)?:\/\//.test(connectionString)) {
      return fail('url must be a postgres:// connection string, or connection a connection:// reference');
    }
    // The checked address, never the string itself: pg would resolve the name (or ?host=) again.
    const target = await outboundPgConfig(connectionString, ctx.outbound);
    const pg = await loadPg();
    const client = new pg.Client({
      application_name: 'opsdeck-check',
      ...target,
      connectionTimeoutMillis: ctx.timeoutMs,
      statement_timeout: ctx.timeoutMs,
      query_timeout: ctx.timeoutMs,
    });
    client.on('error', () => {}); // a dropped connection surfaces through the query instead
    const onAbort = () => void client.end().catch(() => {});
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await client.connect();
      const result = await client.query(spec.query ?? 'SELECT 1');
      const rows = result.rows.slice(0, 100) as Record<string, unknown>[];
      const data = { results: rows, count: result.rowCount ?? result.rows.length };
      const expected = spec.results ?? 1;
      if (data.count !== expected && spec.results !== undefined) {
        return fail(`query returned ${data.count} rows, expected ${expected}`, data);
      }
      // With a test or transform, an empty result is theirs to judge (as in canary-checker).
      if (spec.results === undefined && data.count === 0 && !spec.test && !spec.transform) {
        return fail('query returned no rows', data);
      }
      return pass(`${data.count} rows`, data);
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await client.end().catch(() => {});
    }
  },
};
