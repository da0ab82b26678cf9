import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Outbound requests (checks, webhooks, playbooks) must not reach cloud metadata endpoints:
 * link-local IPv4 (169.254.0.0/16, which holds 169.254.169.254), IPv6 link-local and the
 * EC2 IPv6 metadata address. Checked after DNS resolution, so a name cannot smuggle them in.
 */
const blocked = new net.BlockList();
blocked.addSubnet('169.254.0.0', 16, 'ipv4');
blocked.addSubnet('fe80::', 10, 'ipv6');
blocked.addAddress('fd00:ec2::254', 'ipv6');

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(address: string) {
    super(`refused to connect to ${address}: link-local and metadata addresses are not allowed`);
  }
}

/** True for the addresses outbound requests refuse (IPv4-mapped IPv6 forms included). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return false;
}

type LookupResult = string | dns.LookupAddress[];
type LookupCallback = (err: NodeJS.ErrnoException | null, address: LookupResult, family?: number) => void;

/** A drop-in `lookup` for net/tls connect that refuses blocked addresses. */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const allowed = addresses.filter((a) => !isBlockedAddress(a.address));
    if (allowed.length === 0)
      return callback(new BlockedAddressError(`${hostname} (${addresses[0]?.address})`), '');
    if (options.all) return callback(null, allowed);
    const first = allowed[0] as dns.LookupAddress;
    callback(null, first.address, first.family);
  });
}

/** Throws when `host` is a literal blocked address (literal IPs skip DNS lookup). */
export function assertAllowedHost(host: string): void {
  if (isBlockedAddress(host)) throw new BlockedAddressError(host);
}

export type SafeAgentOptions = {
  /** TLS options for https targets. */
  tls?: { rejectUnauthorized?: boolean; ca?: string };
  connectTimeoutMs?: number;
  /** Called with every connected socket (the HTTP check reads the peer certificate). */
  onSocket?: (socket: net.Socket) => void;
};

/** An undici Agent whose connections go only to allowed addresses. */
export function createSafeAgent(options: SafeAgentOptions = {}): Agent {
  const base = buildConnector({
    lookup: guardedLookup,
    timeout: options.connectTimeoutMs ?? 10_000,
    rejectUnauthorized: options.tls?.rejectUnauthorized ?? true,
    ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
  } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (opts, callback) => {
    if (isBlockedAddress(opts.hostname)) {
      callback(new BlockedAddressError(opts.hostname), null);
      return;
    }
    base(opts, (...args: buildConnector.CallbackArgs) => {
      if (args[0] === null) options.onSocket?.(args[1]);
      callback(...args);
    });
  };
  return new Agent({ connect, connectTimeout: options.connectTimeoutMs ?? 10_000 });
}

let shared: Agent | undefined;

/**
 * One keep-alive agent for requests that need no per-request TLS settings (plain-http
 * checks, JSON APIs): reusing connections is what lets a server run hundreds of checks a second.
 */
export function sharedSafeAgent(): Agent {
  shared ??= createSafeAgent({ connectTimeoutMs: 30_000 });
  return shared;
}
