import { createConnection } from 'mysql2/promise';
import { resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { untilAborted } from '../../lib/abort.js';
import { parseUrl, portOf, type ConnectionTester } from './types.js';

const TLS_PARAMS = ['ssl', 'tls', 'ssl-mode', 'sslmode'];

/** MySQL and MariaDB (mysql2): connects and reads the version, database and user. */
export const mysqlTester: ConnectionTester = {
  types: ['mysql'],
  async test(conn, ctx) {
    const url = parseUrl(conn.url, 'mysql://host:3306/database');
    if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
      throw new Error(`unsupported URL scheme ${url.protocol} (expected mysql://)`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // mysql2 gets the address the policy checked, never the name.
    const target = await resolveOutboundAddress(host, ctx.outbound);
    const wantsTls = TLS_PARAMS.some((p) => {
      const v = url.searchParams.get(p)?.toLowerCase();
      return v !== undefined && v !== '' && v !== 'false' && v !== 'disable' && v !== 'disabled';
    });
    const servername = tlsServerName(host);
    const connecting = createConnection({
      host: target.address,
      port: portOf(url, 3306),
      user: conn.username || decodeURIComponent(url.username),
      password: conn.password || decodeURIComponent(url.password),
      database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
      connectTimeout: ctx.timeoutMs,
      ...(wantsTls
        ? { ssl: { rejectUnauthorized: !conn.insecureTls, ...(servername ? { servername } : {}) } }
        : {}),
    });
    const client = await untilAborted(connecting, ctx.signal);
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
