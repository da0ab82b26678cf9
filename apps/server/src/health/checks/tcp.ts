import net from 'node:net';
import { tcpCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { guardedLookup, assertAllowedHost } from '../../net/ssrf.js';
import { type CheckRunner, pass } from './types.js';

type TcpSpec = z.infer<typeof tcpCheckSchema>;

/** Splits "host:port" and "[v6]:port". */
export function splitHostPort(endpoint: string): { host: string; port: number } {
  const i = endpoint.lastIndexOf(':');
  return { host: endpoint.slice(0, i).replace(/^\[|\]$/g, ''), port: Number(endpoint.slice(i + 1)) };
}

/** Opens a TCP connection and closes it; resolves when connected. */
export function connectTcp(host: string, port: number, signal: AbortSignal): Promise<net.Socket> {
  assertAllowedHost(host);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, lookup: guardedLookup });
    const onAbort = () => {
      socket.destroy();
      reject(new Error(`timed out connecting to ${host}:${port}`));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
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

/** TCP: the endpoint accepts connections. */
export const tcpRunner: CheckRunner<TcpSpec> = {
  type: 'tcp',
  schema: tcpCheckSchema,
  endpoint: (s) => s.endpoint,
  async run(spec, ctx) {
    const { host, port } = splitHostPort(spec.endpoint);
    const socket = await connectTcp(host, port, ctx.signal);
    const data = { host, port, remoteAddress: socket.remoteAddress ?? null };
    socket.destroy();
    return pass(`connected to ${spec.endpoint}`, data);
  },
};
