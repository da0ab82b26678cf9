import net from 'node:net';
import type { Config } from './config.js';

/** Wildcard listen addresses name no host a person could open: their loopback stands in. */
const WILDCARD_STAND_IN: Readonly<Record<string, string>> = { '0.0.0.0': '127.0.0.1', '::': '::1' };

function bareHost(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

function isWildcardHost(host: string): boolean {
  return bareHost(host) in WILDCARD_STAND_IN;
}

/**
 * The console's base URL for links sent to people (recovery, verification, invites):
 * PUBLIC_URL, or else the configured listen address with the port actually bound (PORT=0
 * binds a random one). Never the request's Host header, which the requester chooses.
 */
export function publicBaseFor(config: Config, boundPort: number | null): string {
  if (config.auth.publicUrl) return config.auth.publicUrl.replace(/\/+$/, '');
  const bare = bareHost(config.host);
  const host = WILDCARD_STAND_IN[bare] ?? bare;
  return `http://${net.isIPv6(host) ? `[${host}]` : host}:${boundPort ?? config.port}`;
}

/** A start-up warning when links would name a loopback address nobody else can open. */
export function publicUrlWarning(config: Config): string | null {
  if (config.auth.publicUrl || !isWildcardHost(config.host)) return null;
  return (
    `HOST=${config.host} without PUBLIC_URL: links in mails (recovery, verification, invites) ` +
    `point to ${publicBaseFor(config, null).replace(/:\d+$/, '')}. ` +
    'Set PUBLIC_URL to the address people use, e.g. PUBLIC_URL=https://ops.example.com'
  );
}
