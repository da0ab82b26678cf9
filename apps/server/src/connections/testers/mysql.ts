import { untilAborted } from '../../lib/abort.js';
import { parseMysqlTarget } from '../../net/mysql-target.js';
import { connectMysql } from '../../net/outbound-mysql.js';
import type { ConnectionTester } from './types.js';

/**
 * MySQL and MariaDB: connects through the one MySQL connection builder (as the mysql check and
 * the sql action do: the URL's or DSN's TLS spelling, insecure_tls, the outbound policy) and
 * reads the version, database and user.
 */
export const mysqlTester: ConnectionTester = {
  types: ['mysql'],
  async test(conn, ctx) {
    const target = parseMysqlTarget(conn.url, {
      username: conn.username,
      password: conn.password,
      insecureTls: conn.insecureTls,
    });
    const client = await connectMysql(target, ctx.outbound, { timeoutMs: ctx.timeoutMs, signal: ctx.signal });
    try {
      const [rows] = await untilAborted(
        client.query('SELECT VERSION() AS version, DATABASE() AS `database`, CURRENT_USER() AS user'),
        ctx.signal,
        () => client.destroy(),
      );
      const row = (rows as Record<string, unknown>[])[0] ?? {};
      return { version: row.version, database: row.database, user: row.user };
    } finally {
      client.destroy();
    }
  },
};
