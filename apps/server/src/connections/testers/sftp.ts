import { Client, type SFTPWrapper } from 'ssh2';
import { resolveOutboundAddress } from '../../net/outbound.js';
import { untilAborted } from '../../lib/abort.js';
import { type ConnectionTester } from './types.js';

function connected(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('ready', () => resolve());
    // Kept for the client's life: a second 'error' (the peer dropping the connection later)
    // with no listener would end the process.
    client.on('error', reject);
  });
}

function openSftp(client: Client): Promise<SFTPWrapper> {
  return new Promise((resolve, reject) => client.sftp((err, sftp) => (err ? reject(err) : resolve(sftp))));
}

function listHome(sftp: SFTPWrapper): Promise<number> {
  return new Promise((resolve, reject) =>
    sftp.readdir('.', (err, list) => (err ? reject(err) : resolve(list.length))),
  );
}

/**
 * SFTP: logs in with the password and lists the home folder. The host key is not pinned:
 * the connection stores no known host key (docs/connections.md).
 */
export const sftpTester: ConnectionTester = {
  types: ['sftp'],
  async test(conn, ctx) {
    const host = conn.properties.host?.trim();
    if (!host) throw new Error('the connection has no host');
    const port = Number(conn.properties.port || 22);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`port ${conn.properties.port} is not valid`);
    // ssh2 connects to the address the policy checked, never the name.
    const target = await resolveOutboundAddress(host, ctx.outbound);
    const client = new Client();
    try {
      const ready = connected(client);
      client.connect({
        host: target.address,
        port,
        username: conn.username,
        password: conn.password,
        readyTimeout: ctx.timeoutMs,
        tryKeyboard: false,
        hostVerifier: () => true,
      });
      await untilAborted(ready, ctx.signal, () => client.end());
      const sftp = await untilAborted(openSftp(client), ctx.signal, () => client.end());
      const entries = await untilAborted(listHome(sftp), ctx.signal, () => client.end());
      return { host, port, user: conn.username, entries };
    } finally {
      client.end();
    }
  },
};
