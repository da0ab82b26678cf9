import type { ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { peerUnavailable, startRedis } from '../peers/index.js';

/** Loopback peers for the check runners' tests. */

export type Listening = { port: number; close(): Promise<void> };

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
  );
}

function closer(server: net.Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      (server as http.Server).closeAllConnections?.();
      server.close(() => resolve());
    });
}

export async function httpServer(handler: http.RequestListener): Promise<Listening> {
  const server = http.createServer(handler);
  const port = await listen(server);
  return { port, close: closer(server) };
}

export async function httpsServer(
  cert: { key: string; cert: string },
  handler: http.RequestListener,
): Promise<Listening> {
  const server = https.createServer({ key: cert.key, cert: cert.cert }, handler);
  const port = await listen(server);
  return { port, close: closer(server) };
}

export async function tcpServer(): Promise<Listening> {
  const server = net.createServer((s) => s.end());
  const port = await listen(server);
  return { port, close: closer(server) };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A DNS server on loopback UDP answering A and TXT queries from a table. */
export async function dnsServer(
  records: Record<string, { A?: string[]; TXT?: string[] }>,
): Promise<Listening> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let offset = 12;
    const labels: string[] = [];
    while (msg[offset]) {
      const len = msg[offset] as number;
      labels.push(msg.toString('ascii', offset + 1, offset + 1 + len));
      offset += len + 1;
    }
    offset += 1;
    const qtype = msg.readUInt16BE(offset);
    const question = msg.subarray(12, offset + 4);
    const name = labels.join('.').toLowerCase();
    const entry = records[name];
    const answers: Buffer[] = [];
    if (entry && qtype === 1) {
      for (const ip of entry.A ?? []) {
        const rr = Buffer.alloc(16);
        rr.writeUInt16BE(0xc00c, 0);
        rr.writeUInt16BE(1, 2);
        rr.writeUInt16BE(1, 4);
        rr.writeUInt32BE(60, 6);
        rr.writeUInt16BE(4, 10);
        ip.split('.').forEach((o, i) => rr.writeUInt8(Number(o), 12 + i));
        answers.push(rr);
      }
    }
    if (entry && qtype === 16) {
      for (const t of entry.TXT ?? []) {
        const data = Buffer.concat([Buffer.from([t.length]), Buffer.from(t)]);
        const rr = Buffer.alloc(12);
        rr.writeUInt16BE(0xc00c, 0);
        rr.writeUInt16BE(16, 2);
        rr.writeUInt16BE(1, 4);
        rr.writeUInt32BE(60, 6);
        rr.writeUInt16BE(data.length, 10);
        answers.push(rr, data);
      }
    }
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(entry ? 0x8180 : 0x8183, 2); // response, RD+RA; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(
      qtype === 1 ? (entry?.A?.length ?? 0) : qtype === 16 ? (entry?.TXT?.length ?? 0) : 0,
      6,
    );
    socket.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });
  const port = await new Promise<number>((resolve) =>
    socket.bind(0, '127.0.0.1', () => resolve(socket.address().port)),
  );
  return { port, close: () => new Promise((resolve) => socket.close(() => resolve())) };
}

/** Starts redis-server on a free loopback port, or returns undefined when it is not installed. */
export async function redisServer(
  password?: string,
): Promise<(Listening & { proc: ChildProcess }) | undefined> {
  if (peerUnavailable('redis')) return undefined;
  const redis = await startRedis({ password });
  return { port: redis.port, proc: redis.process, close: redis.stop };
}
