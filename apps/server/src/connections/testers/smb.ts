import { listSmb, smbUserCredentials } from '../../net/outbound-smb.js';
import { SMB_PORT, smbLocation } from '../../net/smb-path.js';
import type { ConnectionTester } from './types.js';

/**
 * SMB: lists the root of the share with smbclient, as the smb and folder checks list a folder
 * (net/outbound-smb.ts: the checked address, the password in a credentials file).
 */
export const smbTester: ConnectionTester = {
  types: ['smb'],
  async test(conn, ctx) {
    const server = (conn.properties.server || conn.url).trim();
    if (!server) throw new Error('the connection has no server');
    const port = Number(conn.properties.port || SMB_PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`port ${conn.properties.port} is not valid`);
    const share = conn.properties.share?.trim() ?? '';
    if (!share) throw new Error('the connection has no share');
    const loc = smbLocation(server.replace(/^\[(.*)\]$/, '$1'), port, share, '');
    const creds = smbUserCredentials(
      conn.username || undefined,
      conn.password || undefined,
      conn.properties.domain || undefined,
    );
    const listing = await listSmb(loc, creds, ctx);
    return { server: loc.host, port, share, entries: listing.entries.length };
  },
};
