import type { ChildProcess } from 'node:child_process';
import {
  acceptsConnections,
  freePort,
  peerDir,
  requireBinary,
  spawnPeer,
  startPeer,
  waitUntilReady,
  type PeerNeeds,
} from './plumbing.js';

export const redisNeeds: PeerNeeds = { label: 'Redis (redis-server)', binaries: [['redis-server']] };

export type RedisPeer = {
  host: '127.0.0.1';
  port: number;
  /** `redis://[:password@]127.0.0.1:port` */
  url: string;
  password: string | undefined;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/** redis-server on 127.0.0.1:<port>, in memory only, with `requirepass` when a password is given. */
export async function startRedis(options: { password?: string } = {}): Promise<RedisPeer> {
  const bin = requireBinary(redisNeeds, 'redis-server');
  const { password } = options;
  return startPeer(async (teardown) => {
    const dir = peerDir(teardown, 'redis');
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    if (password) args.push('--requirepass', password);
    const peer = spawnPeer(teardown, { name: 'redis-server', bin, dir, args });
    await waitUntilReady(peer, 'redis-server', () => acceptsConnections(port));
    return {
      host: '127.0.0.1',
      port,
      url: `redis://${password ? `:${encodeURIComponent(password)}@` : ''}127.0.0.1:${port}`,
      password,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
