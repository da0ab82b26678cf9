import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { kubeApi, type KubeApi } from './kube-api.js';
import {
  cleanupSignal,
  createObject,
  deleteObject,
  getObject,
  parseManifest,
  suffix,
  waitUntil,
} from './kube-lifecycle.js';
import { describeObject, kubeHealth, type KubeObject } from './kube-objects.js';
import { type CheckRunner, fail, pass, type RunContext } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.pod;
type PodSpec = z.infer<typeof schema>;

type PodTimeouts = { scheduleTimeout?: number; readyTimeout?: number; deleteTimeout?: number };

/** What a pod run measured: how long scheduling, readiness and deletion took. */
export type PodLifecycle = {
  name: string;
  namespace: string;
  scheduleMs: number;
  readyMs: number;
  deleteMs: number;
  status: string;
};

const scheduled = (p: KubeObject) =>
  Boolean((p.spec as { nodeName?: string } | undefined)?.nodeName) ||
  (Array.isArray(p.status?.conditions) &&
    (p.status.conditions as { type?: string; status?: string }[]).some(
      (c) => c.type === 'PodScheduled' && c.status === 'True',
    ));

/**
 * Creates the pod, waits for it to be scheduled (scheduleTimeout) and ready (readyTimeout),
 * deletes it and waits until it is gone (deleteTimeout). The pod is deleted whatever happens.
 * Shared with the namespace check, which runs its podSpec the same way.
 */
export async function podLifecycle(
  api: KubeApi,
  manifest: KubeObject,
  t: PodTimeouts,
  ctx: RunContext,
): Promise<PodLifecycle> {
  const namespace = manifest.metadata?.namespace ?? 'default';
  const pod: KubeObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    ...manifest,
    metadata: { ...manifest.metadata, namespace },
  };
  const name = describeObject(pod);
  await createObject(api, pod, namespace);
  let deleted = false;
  try {
    const current = async () => {
      const p = await getObject(api, pod, namespace);
      if (!p) throw new Error(`${name} disappeared before it was ready`);
      return p;
    };
    const sched = await waitUntil(async () => (scheduled(await current()) ? true : undefined), {
      timeoutMs: t.scheduleTimeout,
      what: `${name} was not scheduled`,
      signal: ctx.signal,
    });
    const ready = await waitUntil(
      async () => {
        const h = kubeHealth({ kind: 'Pod', ...(await current()) });
        if (h.health === 'unhealthy')
          throw new Error(`${name} is ${h.status}${h.message ? `: ${h.message}` : ''}`);
        return h.ready ? h.status : undefined;
      },
      { timeoutMs: t.readyTimeout, what: `${name} was not ready`, signal: ctx.signal },
    );
    const deleteMs = await deleteObject(api, pod, namespace, {
      timeoutMs: t.deleteTimeout,
      wait: true,
      signal: ctx.signal,
    });
    deleted = true;
    return {
      name: pod.metadata?.name ?? '',
      namespace,
      scheduleMs: sched.ms,
      readyMs: ready.ms,
      deleteMs,
      status: ready.value,
    };
  } finally {
    if (!deleted)
      await deleteObject(api, pod, namespace, { wait: false, signal: cleanupSignal() }).catch(() => {});
  }
}

/** The pod manifest of a check, named uniquely (name + random suffix) in the check's namespace. */
export function podManifest(
  text: string,
  field: string,
  namespace: string | undefined,
  fallbackName: string,
): KubeObject {
  const m = parseManifest(text, field);
  if (m.kind && m.kind !== 'Pod') throw new Error(`${field} must be a Pod manifest, not ${m.kind}`);
  const base = (m.metadata?.name ?? fallbackName)
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 50);
  return {
    ...m,
    metadata: {
      ...m.metadata,
      name: `${base}-${suffix()}`,
      namespace: namespace ?? m.metadata?.namespace ?? 'default',
    },
  };
}

/**
 * Pod: creates the pod from `spec`, waits for scheduling and readiness, deletes it, each within
 * its timeout (ms). canary-checker's HTTP probe through an ingress is not made here.
 */
export const podRunner: CheckRunner<PodSpec> = {
  type: 'pod',
  schema,
  endpoint: (s) => `pod/${s.name ?? 'pod'}`,
  async run(spec, ctx) {
    const api = await kubeApi(spec, ctx);
    const manifest = podManifest(spec.spec, 'spec', spec.namespace, spec.name ?? 'canary-pod');
    try {
      const r = await podLifecycle(api, manifest, spec, ctx);
      return pass(
        `pod ${r.name} scheduled in ${r.scheduleMs} ms, ready in ${r.readyMs} ms, deleted in ${r.deleteMs} ms`,
        { ...r },
      );
    } catch (e) {
      return fail((e as Error).message, {
        name: manifest.metadata?.name,
        namespace: manifest.metadata?.namespace,
      });
    }
  },
};
