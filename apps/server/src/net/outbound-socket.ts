import net from 'node:net';
import tls from 'node:tls';
import { untilAborted } from '../lib/abort.js';
import { type OutboundPolicy, resolveOutboundAddress, tlsServerName } from './outbound.js';

/** The error of a connection attempt the signal stopped: names what was being reached. */
const timedOut = (what: string) => () => new Error(`timed out ${what}`);

function whenConnected<S extends net.Socket>(
  socket: S,
  event: 'connect' | 'secureConnect',
  signal: AbortSignal,
  what: string,
): Promise<S> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      socket.destroy();
      reject(new Error(`timed out ${what}`));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once(event, () => {
      signal.removeEventListener('abort', onAbort);
      resolve(socket);
    });
    socket.once('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      reject(e);
    });
  });
}

/** A TCP connection to `host` (name or any address form) through the outbound policy. */
export async function connectTcp(
  host: string,
  port: number,
  policy: OutboundPolicy,
  signal: AbortSignal,
): Promise<net.Socket> {
  const what = `connecting to ${host}:${port}`;
  const target = await untilAborted(resolveOutboundAddress(host, policy), signal, undefined, timedOut(what));
  return whenConnected(net.connect({ host: target.address, port }), 'connect', signal, what);
}

/**
 * A TLS connection through the outbound policy: TCP to the checked address, the original
 * name for SNI and the certificate check.
 */
export async function connectTls(
  host: string,
  port: number,
  policy: OutboundPolicy,
  signal: AbortSignal,
  options: Omit<tls.ConnectionOptions, 'host' | 'port' | 'socket' | 'path' | 'lookup'> = {},
): Promise<tls.TLSSocket> {
  const what = `connecting to ${host}:${port}`;
  const target = await untilAborted(resolveOutboundAddress(host, policy), signal, undefined, timedOut(what));
  const servername = options.servername ?? tlsServerName(host);
  const socket = tls.connect({
    ...options,
    host: target.address,
    port,
    ...(servername ? { servername } : {}),
  });
  return whenConnected(socket, 'secureConnect', signal, what);
}
