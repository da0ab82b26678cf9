import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a loopback ticketing peer received. */
export type PeerRequest = { method: string; path: string; authorization: string; body: unknown };

export type JsonRoute = (req: PeerRequest, url: URL) => { status: number; body: unknown } | undefined;

export type JsonPeer = { url: string; requests: PeerRequest[]; stop(): Promise<void> };

/**
 * A JSON HTTP server on 127.0.0.1 with a free port: answers what `route` returns, 404 for
 * anything else, 401 when a request lacks the expected Authorization header.
 */
export async function startJsonPeer(authorization: string, route: JsonRoute): Promise<JsonPeer> {
  const requests: PeerRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const seen = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? '',
        body,
      };
      requests.push(seen);
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (seen.authorization !== authorization) return send(401, { errorMessages: ['unauthorized'] });
      const answer = route(seen, new URL(seen.path, 'http://peer'));
      if (!answer) return send(404, { errorMessages: [`no route ${seen.method} ${seen.path}`] });
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
