import type { ClientConfig } from 'pg';
import { loadPgConnectionString } from '../lib/packages.js';
import {
  OutboundRefusedError,
  type OutboundPolicy,
  resolveOutboundAddress,
  tlsServerName,
} from './outbound.js';

/**
 * A pg ClientConfig for a user's postgres:// connection string that connects to the address
 * the outbound policy checked. pg would otherwise resolve the name itself, and honours
 * `?host=` (which overrides the URL's host) and unix-socket paths, so those are refused.
 * No `connectionString` is passed on: pg lets it override `host`.
 */
export async function outboundPgConfig(
  connectionString: string,
  policy: OutboundPolicy,
): Promise<ClientConfig> {
  if (!/^postgres(ql)?:\/\//i.test(connectionString)) {
    throw new Error('the connection must be a postgres:// URL');
  }
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    // No echo of the string: it usually holds a password.
    throw new Error('the connection is not a valid postgres:// URL');
  }
  const where = url.hostname || '(no host)';
  // pg-connection-string reads these as file paths on the server's disk (keys, certificates):
  // a spec must not make the server read its own files. Inline PEM goes in the connection's
  // certificate instead.
  for (const param of ['sslcert', 'sslkey', 'sslrootcert', 'sslcrl', 'passfile', 'service']) {
    if (url.searchParams.has(param)) {
      throw new OutboundRefusedError(
        where,
        undefined,
        `the "${param}" parameter is not allowed (it names a file on the server)`,
      );
    }
  }
  for (const param of ['host', 'hostaddr']) {
    if (url.searchParams.has(param)) {
      throw new OutboundRefusedError(
        where,
        undefined,
        `the "${param}" parameter is not allowed (put the one host in the URL: postgres://user@host:port/db)`,
      );
    }
  }
  const { parse, toClientConfig } = await loadPgConnectionString();
  const parsed = parse(connectionString);
  const host = parsed.host ?? '';
  if (!host) throw new OutboundRefusedError(where, undefined, 'the connection names no host');
  if (host.startsWith('/')) {
    throw new OutboundRefusedError(host, undefined, 'unix-socket connections are not allowed');
  }
  if (host.includes(',')) {
    throw new OutboundRefusedError(host, undefined, 'connections to several hosts are not allowed');
  }
  const target = await resolveOutboundAddress(host, policy);
  const config = toClientConfig(parsed);
  const servername = tlsServerName(host);
  // pg sets no SNI for an IP host: give TLS the original name for SNI and the certificate check.
  if (config.ssl === true) config.ssl = servername ? { servername } : true;
  else if (config.ssl && typeof config.ssl === 'object' && servername)
    config.ssl = { servername, ...config.ssl };
  return { ...config, host: target.address };
}
