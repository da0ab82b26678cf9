import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type HoldingServer = {
  /** The port it holds (the one the console then listens on: PORT=0 binds a random one). */
  port: number;
  /** What the answers say the server waits for. */
  setReason(reason: string): void;
  close(): Promise<void>;
};

/**
 * Holds the console's port while the server waits for its database at start-up: `/healthz`
 * answers 200 (the process is alive, so an orchestrator does not restart it), `/readyz` and
 * everything else 503 with what it waits for. Closed the moment the console itself listens.
 */
export async function startHoldingServer(port: number, host: string, reason: string): Promise<HoldingServer> {
  let why = reason;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const alive = path === '/healthz';
    const body = alive
      ? { status: 'ok' }
      : path === '/readyz'
        ? { status: 'unavailable', error: why }
        : { error: `Opsdeck is starting: ${why}` };
    res.writeHead(alive ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(alive ? {} : { 'retry-after': '5' }),
    });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body));
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    setReason(reason) {
      why = reason;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
