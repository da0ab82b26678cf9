import net, { type AddressInfo } from 'node:net';

export type CuttingProxy = {
  port: number;
  /** Connections open through it right now. */
  readonly open: number;
  /** Resets every connection open through it, as a pooler or a failing load balancer does. */
  cut(): void;
  close(): Promise<void>;
};

/**
 * A tiny TCP proxy to `target` on loopback, standing in for a connection pooler or a load
 * balancer in front of PostgreSQL that drops the connections it carries.
 */
export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const cut = () => {
    for (const [client, upstream] of [...pairs]) {
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    get open() {
      return pairs.size;
    },
    cut,
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
