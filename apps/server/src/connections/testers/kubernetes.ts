import { z } from 'zod';
import { outboundKubeClient, type KubeAnswer } from '../../net/outbound-kube.js';
import { fileAccess } from '../../sandbox/file-roots.js';
import { checkedKubeconfig } from '../../sandbox/kubeconfig.js';
import type { ConnectionTester } from './types.js';

const versionSchema = z.object({ gitVersion: z.string() }).loose();
const reviewSchema = z
  .object({
    status: z
      .object({ userInfo: z.object({ username: z.string().optional() }).loose().optional() })
      .loose()
      .optional(),
  })
  .loose();

/** `GET /version: HTTP 401 unauthorized (…)`, with the Status message the API server gave. */
function refused(what: string, answer: KubeAnswer): Error {
  let message = answer.text.slice(0, 200);
  try {
    const m = (JSON.parse(answer.text) as { message?: unknown } | null)?.message;
    if (typeof m === 'string') message = m;
  } catch {
    // not a Status object: the text as it came
  }
  const reason = answer.status === 401 ? 'unauthorized (check the kubeconfig credentials)' : message;
  return new Error(`${what}: HTTP ${answer.status} ${reason}`.trim());
}

/**
 * Kubernetes: the kubeconfig checked as every spec's is (no exec plugins, no server files), then
 * the API server's `/version` and a SelfSubjectReview, which says who the credentials sign in as
 * and needs no permission beyond signing in. An API server older than 1.28 has no
 * SelfSubjectReview: then `GET /api`, which only signed-in users may read, proves the credentials.
 */
export const kubernetesTester: ConnectionTester = {
  types: ['kubernetes'],
  async test(conn, ctx) {
    if (!conn.certificate.trim()) throw new Error('the connection has no kubeconfig');
    const creds = await checkedKubeconfig({ kubeconfig: conn.certificate }, fileAccess(ctx.config));
    const client = await outboundKubeClient(creds, ctx.outbound);
    const call = (path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
      client.request(path, { method, body, signal: ctx.signal, timeoutMs: ctx.timeoutMs });

    const version = await call('/version');
    if (version.status >= 400) throw refused('GET /version', version);
    let gitVersion: string | undefined;
    try {
      gitVersion = versionSchema.safeParse(JSON.parse(version.text)).data?.gitVersion;
    } catch {
      gitVersion = undefined;
    }
    if (!gitVersion) throw new Error(`${client.server} is not a Kubernetes API server (GET /version)`);

    const review = await call('/apis/authentication.k8s.io/v1/selfsubjectreviews', 'POST', {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'SelfSubjectReview',
    });
    if (review.status === 404) {
      const api = await call('/api');
      if (api.status >= 400) throw refused('GET /api', api);
      return { server: client.server, version: gitVersion };
    }
    if (review.status >= 400) throw refused('SelfSubjectReview', review);
    let user: string | undefined;
    try {
      user = reviewSchema.safeParse(JSON.parse(review.text)).data?.status?.userInfo?.username;
    } catch {
      user = undefined;
    }
    return { server: client.server, version: gitVersion, ...(user ? { user } : {}) };
  },
};
