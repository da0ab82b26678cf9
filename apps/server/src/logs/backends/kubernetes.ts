import type { KubernetesLogBackend, LogItem } from '@opsdeck/shared';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { outboundKubeClient } from '../../net/outbound-kube.js';
import { checkedKubeconfig, KubeconfigRefusedError } from '../../sandbox/kubeconfig.js';
import { lineMatcher } from './lines.js';
import { LogBackendError, type LogBackend, type LogBackendContext, type LogQuery } from './types.js';

const TIMEOUT_MS = 30_000;
/** Pod logs read per container at most (the API server's limitBytes). */
const LIMIT_BYTES = 16 * 1024 * 1024;

/** The kubeconfig text: from a Kubernetes connection, inline, or a file inside the file roots. */
async function kubeconfigText(spec: KubernetesLogBackend, ctx: LogBackendContext): Promise<string> {
  const k = spec.kubeconfig;
  if (typeof k === 'string' && isConnectionReference(k)) {
    const conn = await resolveConnection(ctx, k);
    if (!conn.certificate) throw new LogBackendError(`connection ${k} holds no kubeconfig`);
    return conn.certificate;
  }
  const given = typeof k === 'string' ? k : typeof k?.value === 'string' ? { value: k.value } : undefined;
  try {
    // Checked before the client library sees it: no exec plugins, no server files.
    const creds = await checkedKubeconfig({ kubeconfig: given }, ctx.files);
    if (creds.kind !== 'text') throw new LogBackendError('a kubeconfig is required');
    return creds.text;
  } catch (e) {
    if (e instanceof KubeconfigRefusedError) throw new LogBackendError(`kubeconfig: ${e.message}`);
    throw e;
  }
}

/** `namespace/pod` (the demo pods' external id), or a pod name in the backend's namespace. */
function podOf(spec: KubernetesLogBackend, q: LogQuery): { namespace: string; pod: string } {
  const [first, second] = q.id.split('/');
  if (second && first) return { namespace: first, pod: second };
  return { namespace: q.labels.namespace ?? spec.namespace ?? 'default', pod: q.id };
}

/** GET text from the API server with the kubeconfig's credentials, through the outbound policy. */
async function getText(kubeconfig: string, path: string, ctx: LogBackendContext): Promise<string> {
  try {
    const client = await outboundKubeClient({ kind: 'text', text: kubeconfig }, ctx.outbound);
    const { status, text } = await client.request(path, {
      accept: 'text/plain, application/json',
      signal: ctx.signal,
      timeoutMs: TIMEOUT_MS,
      timeoutMessage: 'pod logs: timed out',
    });
    if (status >= 400) throw new LogBackendError(`pod logs: HTTP ${status} ${text.slice(0, 200)}`);
    return text;
  } catch (e) {
    throw e instanceof LogBackendError ? e : new LogBackendError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * A pod's logs through the API server (`/pods/{name}/log?timestamps=true`), from `sinceTime`
 * on; the container comes from the `container` label when the pod has several.
 */
export const kubernetesBackend: LogBackend<KubernetesLogBackend> = {
  async search(spec, q, ctx) {
    const kubeconfig = await kubeconfigText(spec, ctx);
    const { namespace, pod } = podOf(spec, q);
    const params = new URLSearchParams({
      timestamps: 'true',
      sinceTime: q.start.toISOString().replace(/\.\d+Z$/, 'Z'),
      limitBytes: String(LIMIT_BYTES),
    });
    if (q.labels.container) params.set('container', q.labels.container);
    const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/log?${params}`;
    const text = await getText(kubeconfig, path, ctx);
    const matches = lineMatcher(q.query);
    const labels = {
      ...spec.labels,
      namespace,
      pod,
      ...(q.labels.container ? { container: q.labels.container } : {}),
    };
    const found: LogItem[] = [];
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      // With timestamps=true every line starts with its RFC3339 time and a space.
      const space = raw.indexOf(' ');
      const at = new Date(space > 0 ? raw.slice(0, space) : '');
      const ok = !Number.isNaN(at.getTime());
      const message = ok ? raw.slice(space + 1) : raw;
      const when = ok ? at : q.end;
      if (when < q.start || when > q.end || !matches(message)) continue;
      found.push({ timestamp: when.toISOString(), message, labels });
    }
    return { total: found.length, results: found.slice(-q.limit) };
  },
};
