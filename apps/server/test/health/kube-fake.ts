import { loopbackServer } from '../catalog/peers.js';
import { tokenKubeconfig } from '../peers/kubeconfig.js';

/**
 * A stateful fake Kubernetes API server for the pod, namespace, kubernetes and
 * kubernetesResource checks: create (POST), get, list (labelSelector, fieldSelector
 * metadata.name) and delete of objects in memory. Pods are scheduled and become Running/Ready
 * after `podReadyMs` unless their first image is `never-ready` (stays Pending, unscheduled) or
 * `crash` (CrashLoopBackOff); namespaces are Active at once. Deletions complete after
 * `deleteMs`. It insists on the kubeconfig's bearer token like a real API server.
 */
type Obj = {
  apiVersion?: string;
  kind?: string;
  metadata: Record<string, unknown> & { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

export async function fakeKubeApi(token: string, opts: { podReadyMs?: number; deleteMs?: number } = {}) {
  const store = new Map<string, Obj>();
  const requests: string[] = [];
  const kindOf: Record<string, string> = {
    pods: 'Pod',
    namespaces: 'Namespace',
    services: 'Service',
    deployments: 'Deployment',
    nodes: 'Node',
  };
  const settle = (o: Obj) => {
    if (o.kind !== 'Pod') return;
    const image = ((o.spec?.containers as { image?: string }[] | undefined)?.[0]?.image ?? '').toString();
    if (image === 'never-ready') return;
    setTimeout(() => {
      if (image === 'crash') {
        o.spec = { ...o.spec, nodeName: 'node-1' };
        o.status = {
          phase: 'Running',
          containerStatuses: [
            { state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off restarting' } } },
          ],
        };
        return;
      }
      o.spec = { ...o.spec, nodeName: 'node-1' };
      o.status = {
        phase: 'Running',
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
      };
    }, opts.podReadyMs ?? 100);
  };
  const peer = await loopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const send = (code: number, body: unknown) =>
      res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const status = (code: number, reason: string, message: string) =>
      send(code, { kind: 'Status', status: 'Failure', reason, message, code });
    if (req.headers.authorization !== `Bearer ${token}`) return status(401, 'Unauthorized', 'Unauthorized');
    // /api/v1[/namespaces/ns]/plural[/name] or /apis/g/v[/namespaces/ns]/plural[/name]
    const parts = url.pathname.split('/').filter(Boolean);
    const rest = parts.slice(parts[0] === 'api' ? 2 : 3);
    let ns: string | undefined;
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      ns = rest[1];
      rest.splice(0, 2);
    }
    const [plural = '', name] = rest;
    const key = (n: string, namespace?: string) => `${plural}/${namespace ?? ''}/${n}`;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST') {
        const o = JSON.parse(body) as Obj;
        const k = key(o.metadata.name, ns);
        if (store.has(k))
          return status(409, 'AlreadyExists', `${plural} "${o.metadata.name}" already exists`);
        if (ns && plural !== 'namespaces' && !store.has(`namespaces//${ns}`) && ns !== 'default')
          return status(404, 'NotFound', `namespaces "${ns}" not found`);
        const created: Obj = {
          ...o,
          kind: o.kind ?? kindOf[plural],
          metadata: {
            ...o.metadata,
            ...(ns ? { namespace: ns } : {}),
            uid: k,
            creationTimestamp: new Date().toISOString(),
          },
        };
        if (plural === 'namespaces') created.status = { phase: 'Active' };
        if (plural === 'pods') created.status = { phase: 'Pending' };
        store.set(k, created);
        settle(created);
        return send(201, created);
      }
      if (req.method === 'DELETE') {
        const o = store.get(key(name ?? '', ns));
        if (!o) return status(404, 'NotFound', `${plural} "${name}" not found`);
        o.metadata.deletionTimestamp = new Date().toISOString();
        setTimeout(() => {
          store.delete(key(name ?? '', ns));
          // A namespace takes its objects with it.
          if (plural === 'namespaces')
            for (const k of [...store.keys()]) if (k.split('/')[1] === name) store.delete(k);
        }, opts.deleteMs ?? 50);
        return send(200, o);
      }
      if (name) {
        const o = store.get(key(name, ns));
        return o ? send(200, o) : status(404, 'NotFound', `${plural} "${name}" not found`);
      }
      const labels = (url.searchParams.get('labelSelector') ?? '')
        .split(',')
        .filter(Boolean)
        .map((p) => p.split('='));
      const field = /^metadata\.name=(.+)$/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1];
      const items = [...store.entries()]
        .filter(([k]) => k.startsWith(`${plural}/`) && (!ns || k.split('/')[1] === ns))
        .map(([, o]) => o)
        .filter((o) => labels.every(([lk, lv]) => o.metadata.labels?.[lk ?? ''] === lv))
        .filter((o) => !field || o.metadata.name === field)
        .map(({ kind: _k, apiVersion: _a, ...o }) => o);
      send(200, { kind: `${kindOf[plural] ?? 'Object'}List`, apiVersion: 'v1', items });
    });
  });
  /** Puts an object straight into the store (fixtures for the kubernetes check). */
  const put = (plural: string, o: Obj) =>
    store.set(`${plural}/${o.metadata.namespace ?? ''}/${o.metadata.name}`, o);
  const kubeconfig = tokenKubeconfig(peer.url, token);
  return { ...peer, kubeconfig, requests, store, put };
}
