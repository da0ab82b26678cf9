import net from 'node:net';

/**
 * TRUST_PROXY: whose `X-Forwarded-For` / `X-Forwarded-Proto` / `X-Forwarded-Host` the server
 * believes. `false` (the default): nobody's — the client is the socket's peer. `true`: every
 * hop's (the first address of X-Forwarded-For, which a client can write itself unless the proxy
 * replaces the header). A number: that many proxies in front of the server, each appending one
 * address. A list: the proxies' own addresses or networks, so a forwarded header counts only
 * when the hop that sent it is one of them.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'all' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: string[] };

/** proxy-addr's names for address ranges, accepted in the list as Fastify does. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = net.isIP(address);
  if (family === 0) return false;
  if (slash < 0) return true;
  const prefix = entry.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting, or an error naming what is wrong with the value. */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return { kind: 'none' };
  if (v === 'true' || v === 'yes') return { kind: 'all' };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 20)
      return { error: `"${value}" proxies in front of the server is not plausible (at most 20)` };
    return { kind: 'hops', hops };
  }
  const list = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = list.find((e) => !validEntry(e));
  if (bad !== undefined)
    return {
      error: `"${bad}" is neither true/false, a number of proxies, an IP address, a CIDR range nor loopback/linklocal/uniquelocal`,
    };
  return { kind: 'addresses', list };
}

/** Fastify's `trustProxy` option for the setting. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  switch (setting.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    // Fastify 5.12 gives a plain number no effect (it cannot check the peer); a number of
    // proxies means: the socket's peer and the hops before it, up to that many, are proxies.
    case 'hops':
      return (_addr, hop) => hop < setting.hops;
    case 'addresses':
      return setting.list;
  }
}

/** A start-up warning for a setting that lets clients choose their own address, else null. */
export function trustProxyWarning(setting: TrustProxy): string | null {
  if (setting.kind !== 'all') return null;
  return (
    'TRUST_PROXY=true takes the first X-Forwarded-For address, which a client can write itself ' +
    'unless your proxy replaces the header: sign-in limits per address can then be dodged. ' +
    'Prefer the number of proxies (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8).'
  );
}
