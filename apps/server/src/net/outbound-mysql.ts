import type { Connection, ConnectionOptions } from 'mysql2/promise';
import { loadMysql2 } from '../lib/packages.js';
import type { MysqlTarget, MysqlTlsVerify } from './mysql-target.js';
import type { OutboundPolicy } from './outbound.js';
import { connectTcp } from './outbound-socket.js';

/** mysql2 options a caller may add; where and how to connect come from the target. */
export type MysqlExtraOptions = Omit<
  ConnectionOptions,
  'host' | 'port' | 'user' | 'password' | 'database' | 'ssl' | 'stream' | 'socketPath' | 'uri'
>;

function sslOptions(verify: MysqlTlsVerify) {
  return { rejectUnauthorized: verify !== 'none', verifyIdentity: verify === 'identity' };
}

/**
 * A mysql2 connection to a target (net/mysql-target.ts), through the outbound policy: the TCP
 * connection goes to the checked address (outbound-socket.ts) and mysql2 gets it as its stream
 * with the original host, which TLS uses for SNI and the name check. `required` TLS never falls
 * back to plain text (mysql2 fails when the server offers none); `preferred` connects again in
 * plain text only when the server offers no TLS.
 */
export async function connectMysql(
  target: MysqlTarget,
  policy: OutboundPolicy,
  opts: { timeoutMs: number; signal: AbortSignal; options?: MysqlExtraOptions },
): Promise<Connection> {
  const { createConnection } = await loadMysql2();
  const attempt = async (tls: boolean): Promise<Connection> => {
    const socket = await connectTcp(target.host, target.port, policy, opts.signal);
    const onAbort = () => socket.destroy();
    opts.signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await createConnection({
        ...opts.options,
        host: target.host,
        port: target.port,
        user: target.user,
        password: target.password,
        database: target.database,
        connectTimeout: opts.timeoutMs,
        stream: socket,
        ...(tls ? { ssl: sslOptions(target.tls.verify) } : {}),
      });
    } catch (e) {
      socket.destroy();
      if (opts.signal.aborted && opts.signal.reason instanceof Error) throw opts.signal.reason;
      throw e;
    } finally {
      opts.signal.removeEventListener('abort', onAbort);
    }
  };
  if (target.tls.mode === 'disabled') return attempt(false);
  try {
    return await attempt(true);
  } catch (e) {
    const noTls = (e as { code?: unknown }).code === 'HANDSHAKE_NO_SSL_SUPPORT';
    if (noTls && target.tls.mode === 'preferred') return attempt(false);
    if (noTls) throw new Error('the MySQL server offers no TLS, and this connection requires it');
    throw e;
  }
}
