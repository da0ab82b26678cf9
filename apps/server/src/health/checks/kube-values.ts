import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { type OutboundPolicy, resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { serverCredentialProblems } from '../../sandbox/kubeconfig.js';

/** One value of a Kubernetes secret or config map. */
export type KubeValueRef = { kind: 'secret' | 'configmap'; namespace: string; name: string; key: string };

/** Reads `valueFrom.secretKeyRef` / `configMapKeyRef` values from a cluster. */
export type KubeValueReader = (ref: KubeValueRef, signal: AbortSignal) => Promise<string>;

const TIMEOUT_MS = 10_000;

/** Whether this server has a cluster of its own: KUBECONFIG, ~/.kube/config or an in-cluster service account. */
export function serverHasCluster(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.KUBECONFIG) return true;
  if (env.KUBERNETES_SERVICE_HOST) return true;
  return fs.existsSync(path.join(os.homedir(), '.kube', 'config'));
}

function label(ref: KubeValueRef): string {
  return `${ref.kind === 'secret' ? 'secret' : 'config map'} ${ref.namespace}/${ref.name}`;
}

/**
 * A reader over one cluster: kubeconfig text, or the server's own credentials (`server`),
 * which may reference files but not run programs. Requests go to the address the outbound
 * policy checked.
 */
export function kubeValueReader(
  source: { kubeconfig: string } | 'server',
  outbound: OutboundPolicy,
): KubeValueReader {
  return async (ref, signal) => {
    // Loaded on first use: the client library is large and most servers never read a secret.
    const { KubeConfig } = await import('@kubernetes/client-node');
    const kc = new KubeConfig();
    if (source === 'server') {
      kc.loadFromDefault();
      const problems = serverCredentialProblems(kc.getUsers());
      if (problems.length) throw new Error(problems.join('; '));
    } else kc.loadFromString(source.kubeconfig);
    const cluster = kc.getCurrentCluster();
    if (!cluster) throw new Error('the kubeconfig has no current cluster');
    if (cluster.proxyUrl) throw new Error('proxy-url is not supported: remove it from the kubeconfig');
    const base = new URL(cluster.server);
    const opts: https.RequestOptions = {};
    await kc.applyToHTTPSOptions(opts);
    const { address } = await resolveOutboundAddress(base.hostname, outbound);
    const tlsName = opts.servername ?? tlsServerName(base.hostname);
    const plural = ref.kind === 'secret' ? 'secrets' : 'configmaps';
    const apiPath = `/api/v1/namespaces/${encodeURIComponent(ref.namespace)}/${plural}/${encodeURIComponent(ref.name)}`;
    const url = new URL(base.pathname.replace(/\/$/, '') + apiPath, base);
    const lib = url.protocol === 'http:' ? http : https;
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = lib.request(
        url,
        {
          ...opts,
          hostname: address,
          ...(tlsName ? { servername: tlsName } : {}),
          agent: false,
          method: 'GET',
          headers: { ...opts.headers, host: url.host, accept: 'application/json' },
          signal,
          timeout: TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 500, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${label(ref)}: the API server did not answer in time`)));
      req.on('error', (e) =>
        reject(signal.aborted ? new Error(`${label(ref)}: the API server did not answer in time`) : e),
      );
      req.end();
    });
    if (status === 404) throw new Error(`${label(ref)} not found`);
    if (status === 401 || status === 403)
      throw new Error(`${label(ref)}: access denied by the API server (HTTP ${status})`);
    if (status >= 400) throw new Error(`${label(ref)}: HTTP ${status} from the API server`);
    let doc: { data?: Record<string, string>; stringData?: Record<string, string> };
    try {
      doc = JSON.parse(text) as typeof doc;
    } catch {
      throw new Error(`${label(ref)}: the API server's answer is not JSON`);
    }
    const raw = doc.data?.[ref.key];
    if (raw === undefined) throw new Error(`${label(ref)} has no key ${ref.key}`);
    return ref.kind === 'secret' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  };
}
