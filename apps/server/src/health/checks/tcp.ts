import { tcpCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { connectTcp } from '../../net/outbound-socket.js';
import { type CheckRunner, pass } from './types.js';

type TcpSpec = z.infer<typeof tcpCheckSchema>;

/** Splits "host:port" and "[v6]:port". */
export function splitHostPort(endpoint: string): { host: string; port: number } {
  const i = endpoint.lastIndexOf(':');
  return { host: endpoint.slice(0, i).replace(/^\[|\]$/g, ''), port: Number(endpoint.slice(i + 1)) };
}

/** TCP: the endpoint accepts connections. */
export const tcpRunner: CheckRunner<TcpSpec> = {
  type: 'tcp',
  schema: tcpCheckSchema,
  endpoint: (s) => s.endpoint,
  async run(spec, ctx) {
    const { host, port } = splitHostPort(spec.endpoint);
    const socket = await connectTcp(host, port, ctx.outbound, ctx.signal);
    const data = { host, port, remoteAddress: socket.remoteAddress ?? null };
    socket.destroy();
    return pass(`connected to ${spec.endpoint}`, data);
  },
};
