import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenKubeconfig } from '../peers/kubeconfig.js';

/** An HTTP server on loopback; `handler` answers every request. */
export async function loopbackServer(
  handler: http.RequestListener,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const FIXTURES = new URL('./fixtures/kubernetes/', import.meta.url);

/**
 * A fake Kubernetes API server serving recorded list responses from fixtures/kubernetes
 * (`/apis/apps/v1/deployments` → apis-apps-v1-deployments.json, `continue=X` → …-X.json).
 * It insists on the bearer token of the kubeconfig, like a real API server. `holdMs` keeps
 * each request open that long before answering, so that requests a client sends side by side
 * overlap here; `peak()` is the most requests it has had open at once since `resetPeak()`.
 */
export async function fakeKubernetes(token: string, options: { holdMs?: number } = {}) {
  const requests: string[] = [];
  let open = 0;
  let peak = 0;
  const peer = await loopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    open++;
    peak = Math.max(peak, open);
    // Counted as closed once its answer is written (before the client has read it), or dropped.
    let counted = true;
    const done = () => {
      if (counted) open--;
      counted = false;
    };
    res.on('finish', done);
    res.on('close', done);
    if (options.holdMs) setTimeout(() => answer(url, req, res), options.holdMs);
    else answer(url, req, res);
  });
  function answer(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Unauthorized', code: 401 }),
      );
    }
    const cont = url.searchParams.get('continue');
    const name = `${url.pathname.slice(1).replaceAll('/', '-')}${cont ? `-${cont}` : ''}.json`;
    const file = new URL(name, FIXTURES);
    if (!fs.existsSync(file)) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404 }));
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(fs.readFileSync(file));
  }
  const kubeconfig = tokenKubeconfig(peer.url, token);
  return {
    ...peer,
    kubeconfig,
    requests,
    peak: () => peak,
    resetPeak: () => {
      peak = 0;
    },
  };
}
