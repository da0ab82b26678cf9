import type net from 'node:net';
import type { Agent, buildConnector } from 'undici';
import { loadUndici } from '../lib/packages.js';
import { type OutboundPolicy, resolveOutboundAddress } from './outbound.js';

export type OutboundAgentOptions = {
  /** TLS settings for https peers. */
  tls?: { rejectUnauthorized?: boolean; ca?: string; cert?: string; key?: string };
  connectTimeoutMs?: number;
  /** Called with every connected socket (the HTTP check reads the peer certificate). */
  onSocket?: (socket: net.Socket) => void;
};

/**
 * An undici Agent whose connector resolves the peer through the outbound policy and
 * connects to the checked address. Only the TCP destination changes: undici still sends
 * the URL's Host header, and TLS keeps the name for SNI and certificate checks (undici
 * derives the server name from `host`, which stays the original name).
 */
export async function createOutboundAgent(
  policy: OutboundPolicy,
  options: OutboundAgentOptions = {},
): Promise<Agent> {
  const { Agent, buildConnector } = await loadUndici();
  const timeout = options.connectTimeoutMs ?? 10_000;
  const base = buildConnector({
    timeout,
    rejectUnauthorized: options.tls?.rejectUnauthorized ?? true,
    ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
    // A client certificate for mutual TLS.
    ...(options.tls?.cert && options.tls.key ? { cert: options.tls.cert, key: options.tls.key } : {}),
  });
  const connect: buildConnector.connector = (opts, callback) => {
    resolveOutboundAddress(opts.hostname, policy).then(
      (target) =>
        base({ ...opts, hostname: target.address }, (...args: buildConnector.CallbackArgs) => {
          if (args[0] === null) options.onSocket?.(args[1]);
          callback(...args);
        }),
      (err: Error) => callback(err, null),
    );
  };
  return new Agent({ connect, connectTimeout: timeout });
}

const shared = new WeakMap<OutboundPolicy, Promise<Agent>>();

/**
 * One keep-alive agent per policy for requests without per-request TLS settings (plain-http
 * checks, JSON APIs, http scrapers): reusing connections lets a server run hundreds of
 * checks a second. A reused connection goes to the address checked when it was opened.
 */
export function sharedOutboundAgent(policy: OutboundPolicy): Promise<Agent> {
  let agent = shared.get(policy);
  if (!agent) {
    agent = createOutboundAgent(policy, { connectTimeoutMs: 30_000 });
    // A failed load (lib/lazy-package.ts) is tried again by the next request.
    agent.catch(() => shared.delete(policy));
    shared.set(policy, agent);
  }
  return agent;
}
