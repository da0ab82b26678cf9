import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { kubeApi, type KubeApi } from './kube-api.js';
import { describeObject, kindPath, kubeHealth, nameMatcher, slim, type KubeObject } from './kube-objects.js';
import { type CheckRunner, fail, pass } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.kubernetes;
type KubernetesSpec = z.infer<typeof schema>;
type Selector = NonNullable<KubernetesSpec['resource']>;

/** Objects kept in `results` at most (details stay small). */
const MAX_RESULTS = 200;

async function list(api: KubeApi, path: string, sel: Selector | undefined): Promise<KubeObject[]> {
  const q = new URLSearchParams();
  if (sel?.labelSelector) q.set('labelSelector', sel.labelSelector);
  if (sel?.fieldSelector) q.set('fieldSelector', sel.fieldSelector);
  const body = (await api.get(q.size ? `${path}?${q}` : path)) as { items?: KubeObject[]; kind?: string };
  // Items of a list carry no kind/apiVersion: take them from the list's.
  const kind = body.kind?.replace(/List$/, '');
  const matches = nameMatcher(sel?.name);
  return (body.items ?? [])
    .map((o) => ({ ...(kind ? { kind } : {}), ...o }))
    .filter((o) => matches(o.metadata?.name ?? ''));
}

/** Namespaces to look in: all ('' ) for `*`, those the selector matches, else the check's own. */
async function namespacesOf(api: KubeApi, spec: KubernetesSpec): Promise<string[]> {
  const sel = spec.namespaceSelector;
  if (sel?.name?.trim() === '*') return [''];
  if (!sel || (!sel.name && !sel.labelSelector && !sel.fieldSelector)) return [spec.namespace ?? 'default'];
  const found = await list(api, '/api/v1/namespaces', sel);
  return found.map((n) => n.metadata?.name ?? '').filter(Boolean);
}

/**
 * Kubernetes: lists the objects of `kind` in the selected namespaces matching the resource
 * selector (name globs, label and field selectors), then requires each to be ready
 * (`ready: true`) and healthy (`healthy: true`). `results` holds the objects, each with
 * its `healthStatus`, as canary-checker gives them to `test`.
 */
export const kubernetesRunner: CheckRunner<KubernetesSpec> = {
  type: 'kubernetes',
  schema,
  endpoint: (s) =>
    `${s.kind}${s.namespaceSelector?.name ? ` in ${s.namespaceSelector.name}` : ''}${s.resource?.name ? `/${s.resource.name}` : ''}`,
  async run(spec, ctx) {
    const api = await kubeApi(spec, ctx);
    const where = kindPath(spec.kind, spec.apiVersion);
    const namespaces = where.namespaced ? await namespacesOf(api, spec) : [''];
    if (!namespaces.length && !spec.test) {
      const sel = spec.namespaceSelector ?? {};
      const given = Object.entries(sel)
        .filter(([, v]) => typeof v === 'string' && v)
        .map(([k, v]) => `${k}: ${String(v)}`);
      return fail(`no namespace matches namespaceSelector (${given.join(', ')})`, { results: [], count: 0 });
    }
    const ignored = (spec.ignore ?? []).map((g) => nameMatcher(g));
    const objects: KubeObject[] = [];
    for (const ns of namespaces) {
      const found = await list(api, where.path(ns || undefined), spec.resource);
      objects.push(...found.filter((o) => !ignored.some((m) => m(o.metadata?.name ?? ''))));
    }
    const problems: string[] = [];
    const results = objects.map((o) => {
      const h = kubeHealth(o);
      if (spec.healthy && h.health !== 'healthy')
        problems.push(
          `${describeObject(o)} is not healthy (health: ${h.health}, status: ${h.status})${h.message ? `: ${h.message}` : ''}`,
        );
      if (spec.ready && !h.ready)
        problems.push(
          `${describeObject(o)} is not ready (status: ${h.status})${h.message ? `: ${h.message}` : ''}`,
        );
      return { ...slim(o), healthStatus: h };
    });
    const data = { results: results.slice(0, MAX_RESULTS), count: results.length };
    if (problems.length) return fail(problems.slice(0, 10).join('; '), data);
    if (!objects.length && !spec.test) {
      const scope = namespaces.length && namespaces[0] ? ` in namespace ${namespaces.join(', ')}` : '';
      return fail(`no ${spec.kind} resources found${scope}`, data);
    }
    return pass(`${objects.length} ${spec.kind}${objects.length === 1 ? '' : 's'}`, data);
  },
};
