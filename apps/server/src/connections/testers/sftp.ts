import { listSftp } from '../../net/outbound-sftp.js';
import { type ConnectionTester } from './types.js';

/**
 * SFTP: logs in (by private key when the connection has one, else by password) and lists the
 * home folder, with the client the sftp and folder checks use (net/outbound-sftp.ts).
 */
export const sftpTester: ConnectionTester = {
  types: ['sftp'],
  async test(conn, ctx) {
    const host = conn.properties.host?.trim();
    if (!host) throw new Error('the connection has no host');
    const port = Number(conn.properties.port || 22);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`port ${conn.properties.port} is not valid`);
    const listing = await listSftp(
      {
        host,
        port,
        username: conn.username || undefined,
        password: conn.password || undefined,
        privateKey: conn.certificate || undefined,
        path: '.',
      },
      ctx,
    );
    return {
      host,
      port,
      user: conn.username,
      login: conn.certificate ? 'key' : 'password',
      entries: listing.entries.length,
    };
  },
};
