import type { ResultCodeError } from 'ldapts';
import { resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { untilAborted } from '../../lib/abort.js';
import { loadLdapts } from '../../lib/packages.js';
import { parseUrl, portOf, type ConnectionTester } from './types.js';

/** `InvalidCredentialsError` (code 0x31) → "invalid credentials (LDAP result 49)", plus the server's words. */
function describe(e: ResultCodeError): string {
  const kind = e.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const said = e.message.replace(/\s*Code: 0x[0-9a-f]+\s*$/i, '').trim();
  return `${kind} (LDAP result ${e.code})${said ? `: ${said}` : ''}`;
}

/** LDAP: a simple bind as the connection's bind DN (ldap:// or ldaps://). */
export const ldapTester: ConnectionTester = {
  types: ['ldap'],
  async test(conn, ctx) {
    const url = parseUrl(conn.url, 'ldap://host:389');
    const secure = url.protocol === 'ldaps:';
    if (!secure && url.protocol !== 'ldap:') {
      throw new Error(`unsupported URL scheme ${url.protocol} (expected ldap:// or ldaps://)`);
    }
    if (!conn.username) throw new Error('the connection has no bind DN (username)');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // ldapts connects to the address the policy checked; TLS keeps the name.
    const target = await resolveOutboundAddress(host, ctx.outbound);
    const address = target.family === 6 ? `[${target.address}]` : target.address;
    const servername = tlsServerName(host);
    const { Client, ResultCodeError } = await loadLdapts();
    const client = new Client({
      url: `${url.protocol}//${address}:${portOf(url, secure ? 636 : 389)}`,
      timeout: ctx.timeoutMs,
      connectTimeout: ctx.timeoutMs,
      ...(secure
        ? { tlsOptions: { rejectUnauthorized: !conn.insecureTls, ...(servername ? { servername } : {}) } }
        : {}),
    });
    try {
      await untilAborted(client.bind(conn.username, conn.password), ctx.signal).catch((e: unknown) => {
        throw e instanceof ResultCodeError ? new Error(`bind as ${conn.username} failed: ${describe(e)}`) : e;
      });
      return { bindDN: conn.username };
    } finally {
      await client.unbind().catch(() => {});
    }
  },
};
