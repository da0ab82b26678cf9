import http from 'node:http';
import https from 'node:https';
import { type CheckedAddress, resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { checkedKubeconfig, serverCredentialProblems } from '../../sandbox/kubeconfig.js';
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
 * A client for the cluster a check names. The kubeconfig is checked before the client library
 * loads it (no exec plugins, no server files: sandbox/kubeconfig.ts), the API server's host is
 * resolved once through the outbound policy and every request goes to that checked address.
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
  // Loaded on first use: the client library is large and most servers never check a cluster.
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  if (creds.kind === 'text') kc.loadFromString(creds.text);
  else {
    kc.loadFromDefault();
    const problems = serverCredentialProblems(kc.getUsers());
    if (problems.length) throw new Error(problems.join('; '));
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  // A proxy would open the connection to the API server itself, out of the policy's sight.
  if (cluster.proxyUrl) throw new Error('proxy-url is not supported: remove it from the kubeconfig');
  const base = new URL(cluster.server);
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const tlsName = opts.servername ?? tlsServerName(base.hostname);
  let address: Promise<CheckedAddress> | undefined;

  const call: KubeApi['call'] = async (method, path, body, signal) => {
    const { address: ip } = await (address ??= resolveOutboundAddress(base.hostname, ctx.outbound));
    const url = new URL(base.pathname.replace(/\/$/, '') + path, base);
    const lib = url.protocol === 'http:' ? http : https;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<KubeResponse>((resolve, reject) => {
      const req = lib.request(
        url,
        {
          ...opts,
          // TCP to the checked address; Host header and TLS name stay the API server's name.
          hostname: ip,
          ...(tlsName ? { servername: tlsName } : {}),
          agent: false,
          method,
          headers: {
            ...opts.headers,
            host: url.host,
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          signal: signal ?? ctx.signal,
          timeout: ctx.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 500, body: parsed, text });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  };
  return {
    server: cluster.server,
    call,
    async get(path) {
      const res = await call('GET', path);
      if (res.status >= 400) throw kubeError(`GET ${path.split('?')[0]}`, res);
      return res.body;
    },
  };
}
