import { stringify } from 'yaml';

/**
 * A kubeconfig with one cluster (the console), one user (a bearer token) and one context.
 * No namespace is set: kubectl then asks for `default`, and `-A` lists every namespace.
 */
export function kubeconfigYaml(opts: { server: string; token: string; userName: string }): string {
  const cluster = new URL(opts.server).host || 'opsdeck';
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: cluster, cluster: { server: opts.server } }],
    users: [{ name: opts.userName, user: { token: opts.token } }],
    contexts: [{ name: cluster, context: { cluster, user: opts.userName } }],
    'current-context': cluster,
    preferences: {},
  });
}
