import http from 'node:http';
import https from 'node:https';
import {
  type CheckedKubeconfig,
  KubeconfigRefusedError,
  kubeconfigProblems,
  serverCredentialProblems,
} from '../sandbox/kubeconfig.js';
import {
  type CheckedAddress,
  type OutboundPolicy,
  resolveOutboundAddress,
  tlsServerName,
} from './outbound.js';
import { loadKubernetesClient } from '../lib/packages.js';
import { BODY_LIMITS, readTextCapped } from './read-body.js';

export type KubeAnswer = { status: number; text: string };

export type KubeRequest = {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  accept?: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** The error a request that outlives `timeoutMs` fails with; `<METHOD> <path>: timed out` by default. */
  timeoutMessage?: string;
};

/** One Kubernetes API server, reached through the outbound policy with the kubeconfig's TLS and credentials. */
export type KubeClient = {
  /** The API server's URL, as the kubeconfig names it. */
  server: string;
  /** Any status: the caller decides what an answer ≥ 400 means. */
  request(path: string, options: KubeRequest): Promise<KubeAnswer>;
};

/**
 * A client for the cluster of a kubeconfig that sandbox/kubeconfig.ts has checked (no exec
 * plugins, no server files), or of the server's own credentials (`server`, which may read
 * files but not run programs). The API server's host is resolved once, through the outbound
 * policy, and every request opens its TCP connection to that checked address while the Host
 * header and the TLS name stay the server's name. This is the one way the server talks to a
 * Kubernetes API: scrapers, checks, secret values and pod logs all use it.
 */
export async function outboundKubeClient(
  creds: CheckedKubeconfig,
  outbound: OutboundPolicy,
): Promise<KubeClient> {
  // Loaded on first use: the client library is large and most servers never talk to a cluster.
  const { KubeConfig } = await loadKubernetesClient();
  const kc = new KubeConfig();
  if (creds.kind === 'text') {
    // Checked here too, whoever built `creds`: a kubeconfig stored in a connection reaches this
    // client without passing checkedKubeconfig, and must not run a program either.
    const problems = kubeconfigProblems(creds.text);
    if (problems.length) throw new KubeconfigRefusedError(problems.join('; '));
    kc.loadFromString(creds.text);
  } else {
    kc.loadFromDefault();
    const problems = serverCredentialProblems(kc.getUsers());
    if (problems.length) throw new KubeconfigRefusedError(problems.join('; '));
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new Error('the kubeconfig has no current cluster');
  // A proxy would open the connection to the API server itself, out of the policy's sight.
  if (cluster.proxyUrl) throw new Error('proxy-url is not supported: remove it from the kubeconfig');
  const base = new URL(cluster.server);
  let address: Promise<CheckedAddress> | undefined;

  async function request(path: string, o: KubeRequest): Promise<KubeAnswer> {
    const method = o.method ?? 'GET';
    // Per request: an in-cluster service account token is a file the kubelet rotates.
    const opts: https.RequestOptions = {};
    await kc.applyToHTTPSOptions(opts);
    const { address: ip } = await (address ??= resolveOutboundAddress(base.hostname, outbound));
    const tlsName = opts.servername ?? tlsServerName(base.hostname); // kubeconfig tls-server-name first
    const url = new URL(base.pathname.replace(/\/$/, '') + path, base);
    const lib = url.protocol === 'http:' ? http : https;
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    return new Promise((resolve, reject) => {
      const req = lib.request(
        url,
        {
          ...opts,
          hostname: ip,
          ...(tlsName ? { servername: tlsName } : {}),
          agent: false,
          method,
          headers: {
            ...opts.headers,
            host: url.host,
            accept: o.accept ?? 'application/json',
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          ...(o.signal ? { signal: o.signal } : {}),
          timeout: o.timeoutMs,
        },
        (res) => {
          readTextCapped(res, { maxBytes: BODY_LIMITS.kubeApi, what: `${method} ${path}: answer` }).then(
            (text) => resolve({ status: res.statusCode ?? 500, text }),
            reject,
          );
        },
      );
      req.on('timeout', () => req.destroy(new Error(o.timeoutMessage ?? `${method} ${path}: timed out`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
  return { server: cluster.server, request };
}
