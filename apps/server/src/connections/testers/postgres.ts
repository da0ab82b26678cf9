import { loadPg } from '../../lib/packages.js';
import { outboundPgConfig } from '../../net/outbound-postgres.js';
import type { ConnectionTester } from './types.js';

/** PostgreSQL: connects and reads `version(), current_database(), current_user`. */
export const postgresTester: ConnectionTester = {
  types: ['postgres'],
  async test(conn, ctx) {
    if (!conn.url) throw new Error('the connection has no URL (expected postgres://host:5432/database)');
    // The checked address, never the string itself: pg would resolve the name again.
    const target = await outboundPgConfig(conn.url, ctx.outbound);
    if (conn.insecureTls && target.ssl) {
      target.ssl = { ...(typeof target.ssl === 'object' ? target.ssl : {}), rejectUnauthorized: false };
    }
    const pg = await loadPg();
    const client = new pg.Client({
      application_name: 'opsdeck-test-connection',
      ...target,
      user: conn.username || target.user,
      password: conn.password || target.password,
      connectionTimeoutMillis: ctx.timeoutMs,
      query_timeout: ctx.timeoutMs,
    });
    client.on('error', () => {}); // a dropped connection surfaces through the query
    const onAbort = () => void client.end().catch(() => {});
    ctx.signal.addEventListener('abort', onAbort, { once: true });
    try {
      await client.connect();
      const { rows } = await client.query<{ version: string; database: string; user: string }>(
        'select version() AS version, current_database() AS database, current_user AS user',
      );
      const row = rows[0];
      return { version: row?.version, database: row?.database, user: row?.user };
    } finally {
      ctx.signal.removeEventListener('abort', onAbort);
      await client.end().catch(() => {});
    }
  },
};
