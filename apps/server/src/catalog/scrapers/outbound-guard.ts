import dns from 'node:dns';
import net from 'node:net';

/**
 * ARCHITECTURE §8: outbound requests refuse link-local and cloud metadata addresses
 * (169.254.0.0/16, fe80::/10, fd00:ec2::254), also when a name resolves to one.
 */
export function isBlockedAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) return v4.startsWith('169.254.');
  const lower = ip.toLowerCase();
  return /^fe[89ab][0-9a-f]:/.test(lower) || lower === 'fd00:ec2::254';
}

export class BlockedAddressError extends Error {}

function blockedMessage(host: string, ip: string): string {
  return `Refused to connect to ${host} (${ip}): link-local and metadata addresses are not allowed`;
}

/** Throws when a literal IP host is blocked (a lookup does not run for those). */
export function assertHostAllowed(hostname: string): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(bare) && isBlockedAddress(bare)) throw new BlockedAddressError(blockedMessage(hostname, bare));
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup for sockets that fails for blocked addresses (no DNS-rebinding window). */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(new BlockedAddressError(blockedMessage(hostname, bad.address)), []);
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(new Error(`${hostname} did not resolve`), []);
    callback(null, first.address, first.family);
  });
}
