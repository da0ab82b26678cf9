import dns from 'node:dns';
import type { Config } from '../config.js';
import { type AddressKind, parseAddress } from './address.js';

/**
 * The one place that decides whether the server may connect to a peer named in a user's
 * spec (checks, scrapers, later notifications, webhooks and playbooks). The rule: resolve
 * once, check every resolved address, and connect to the address that was checked, so
 * neither a name, a numeric spelling nor a DNS answer can smuggle in a refused address.
 *
 * The policy is passed explicitly, never read from a global: the server builds it from its
 * Config (`outboundPolicy(config.outbound)`) and hands it to each run through the check's
 * RunContext and the scraper's ScrapeContext; tests build their own with a fake resolver.
 * Connection helpers: outbound-http.ts (undici), outbound-socket.ts (net/tls),
 * outbound-postgres.ts (pg), outbound-kube.ts (Kubernetes API), outbound-s3.ts and
 * outbound-gcs.ts (object stores), outbound-smb.ts (smbclient).
 */

export type OutboundRules = Config['outbound'];

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a name resolves to (the system resolver; injectable for tests). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundPolicy = OutboundRules & { resolve: Resolver };

/** What a client call needs besides its target: the policy, and the caller's deadline and its length. */
export type OutboundCall = { outbound: OutboundPolicy; signal: AbortSignal; timeoutMs: number };

/** An address that passed the policy, with the name it was reached by. */
export type CheckedAddress = ResolvedAddress & { host: string };

/** A refused outbound connection; runners report it as a failed check or scrape. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED';
  constructor(
    readonly host: string,
    readonly address: string | undefined,
    readonly reason: string,
  ) {
    const where = address && address !== host ? `${host} (${address})` : host;
    super(`refused to connect to ${where}: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

const LINK_LOCAL_REASON =
  'link-local and cloud metadata addresses are not allowed (set OUTBOUND_ALLOW_LINK_LOCAL=true to allow)';

/** Why an address of this kind is refused under the rules, or undefined when it is allowed. */
export function refusalReason(kind: AddressKind, rules: OutboundRules): string | undefined {
  switch (kind) {
    case 'unspecified':
      return 'unspecified addresses are never allowed';
    case 'broadcast':
      return 'the broadcast address is never allowed';
    case 'multicast':
      return 'multicast addresses are never allowed';
    case 'metadata':
    case 'link-local':
      return rules.allowLinkLocal ? undefined : LINK_LOCAL_REASON;
    case 'private':
      return rules.denyPrivate
        ? 'private addresses are not allowed (OUTBOUND_DENY_PRIVATE=true; set it to false to allow)'
        : undefined;
    case 'loopback':
      return rules.denyLoopback
        ? 'loopback addresses are not allowed (OUTBOUND_DENY_LOOPBACK=true; set it to false to allow)'
        : undefined;
    case 'public':
      return undefined;
  }
}

export const systemResolver: Resolver = async (hostname) => {
  const all = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const systemPolicies = new WeakMap<OutboundRules, OutboundPolicy>();

/**
 * The policy for a Config's rules. With the system resolver it is memoised per rules object,
 * so connection pools keyed by policy (outbound-http.ts) are shared across runs.
 */
export function outboundPolicy(rules: OutboundRules, resolve?: Resolver): OutboundPolicy {
  if (resolve) return { ...rules, resolve };
  let policy = systemPolicies.get(rules);
  if (!policy) {
    policy = { ...rules, resolve: systemResolver };
    systemPolicies.set(rules, policy);
  }
  return policy;
}

/** The Config defaults: link-local and metadata refused, private and loopback allowed. */
export const defaultOutboundPolicy = outboundPolicy({
  allowLinkLocal: false,
  denyPrivate: false,
  denyLoopback: false,
});

/** Checks one address (any textual form) and returns it canonical, or throws. */
function checkAddress(host: string, address: string, policy: OutboundPolicy): ResolvedAddress {
  const parsed = parseAddress(address);
  if (!parsed) throw new OutboundRefusedError(host, address, 'the resolver returned an invalid address');
  const reason = refusalReason(parsed.kind, policy);
  if (reason) throw new OutboundRefusedError(host, parsed.address, reason);
  return { address: parsed.address, family: parsed.family };
}

/**
 * Resolves `host` once and checks every address; throws OutboundRefusedError when any one
 * is refused (a mixed answer is refused whole). Literal addresses in any spelling are
 * checked without a lookup. Returns the addresses in resolver order, canonical.
 */
export async function resolveOutbound(host: string, policy: OutboundPolicy): Promise<CheckedAddress[]> {
  const name = host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!name) throw new OutboundRefusedError(host, undefined, 'no host given');
  const literal = parseAddress(name);
  const answers = literal ? [literal] : await policy.resolve(name);
  if (answers.length === 0) throw new Error(`${name} did not resolve to any address`);
  return answers.map((a) => ({ host: name, ...checkAddress(name, a.address, policy) }));
}

/** The address to connect to for `host`: the first of its checked addresses. */
export async function resolveOutboundAddress(host: string, policy: OutboundPolicy): Promise<CheckedAddress> {
  const [first] = await resolveOutbound(host, policy);
  return first as CheckedAddress;
}

/** The TLS server name for a host: the name itself, none for an address (RFC 6066 §3). */
export function tlsServerName(host: string): string | undefined {
  const name = host.replace(/^\[(.*)\]$/, '$1');
  return parseAddress(name) ? undefined : name;
}
