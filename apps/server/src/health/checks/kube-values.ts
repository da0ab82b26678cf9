import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OutboundPolicy } from '../../net/outbound.js';
import { outboundKubeClient } from '../../net/outbound-kube.js';

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
    const creds =
      source === 'server'
        ? ({ kind: 'server' } as const)
        : { kind: 'text' as const, text: source.kubeconfig };
    const client = await outboundKubeClient(creds, outbound);
    const plural = ref.kind === 'secret' ? 'secrets' : 'configmaps';
    const apiPath = `/api/v1/namespaces/${encodeURIComponent(ref.namespace)}/${plural}/${encodeURIComponent(ref.name)}`;
    const late = `${label(ref)}: the API server did not answer in time`;
    const { status, text } = await client
      .request(apiPath, { signal, timeoutMs: TIMEOUT_MS, timeoutMessage: late })
      .catch((e: unknown) => {
        throw signal.aborted ? new Error(late) : e;
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
