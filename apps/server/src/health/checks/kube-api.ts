import { outboundKubeClient } from '../../net/outbound-kube.js';
import { checkedKubeconfig } from '../../sandbox/kubeconfig.js';
import type { RunContext } from './types.js';

/** The kubeconfig fields of a Kubernetes-family check (canary-checker's KubernetesConnection). */
export type KubeTarget = {
  kubeconfig?: string | { value?: string; valueFrom?: unknown };
  inCluster?: boolean;
};

export type KubeResponse = { status: number; body: unknown; text: string };

/** One API server, reached through the outbound policy with the kubeconfig's TLS and credentials. */
export type KubeApi = {
  server: string;
  /** `signal` overrides the check's (clean-up after the deadline). */
  call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<KubeResponse>;
  /** GET that throws on a status ≥ 400, naming the path. */
  get(path: string): Promise<unknown>;
};

/** An API server answer ≥ 400, with the Status message the server gave. */
export class KubeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function statusMessage(res: KubeResponse): string {
  const m = (res.body as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : res.text.slice(0, 200);
}

export function kubeError(what: string, res: KubeResponse): KubeApiError {
  const reason = res.status === 401 ? 'unauthorized (check the kubeconfig credentials)' : statusMessage(res);
  return new KubeApiError(res.status, `${what}: HTTP ${res.status} ${reason}`.trim());
}

/**
 * A client for the cluster a check names: its kubeconfig checked (sandbox/kubeconfig.ts), its
 * requests through the outbound policy (net/outbound-kube.ts).
 */
export async function kubeApi(target: KubeTarget, ctx: RunContext): Promise<KubeApi> {
  const k = target.kubeconfig;
  if (k && typeof k === 'object' && k.value === undefined) {
    throw new Error(
      'kubeconfig.valueFrom (a Kubernetes secret) is not supported: give the kubeconfig inline or a connection',
    );
  }
  const given = typeof k === 'object' ? { value: k.value ?? '' } : k;
  const creds = await checkedKubeconfig(
    { kubeconfig: given, inCluster: target.inCluster },
    ctx.sandbox.files,
  );
  const client = await outboundKubeClient(creds, ctx.outbound);
  const call: KubeApi['call'] = async (method, path, body, signal) => {
    const { status, text } = await client.request(path, {
      method,
      body,
      signal: signal ?? ctx.signal,
      timeoutMs: ctx.timeoutMs,
    });
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status, body: parsed, text };
  };
  return {
    server: client.server,
    call,
    async get(path) {
      const res = await call('GET', path);
      if (res.status >= 400) throw kubeError(`GET ${path.split('?')[0]}`, res);
      return res.body;
    },
  };
}
