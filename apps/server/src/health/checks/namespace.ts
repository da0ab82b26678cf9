import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { kubeApi } from './kube-api.js';
import { cleanupSignal, createObject, deleteObject, getObject, suffix, waitUntil } from './kube-lifecycle.js';
import type { KubeObject } from './kube-objects.js';
import { podLifecycle, podManifest, type PodLifecycle } from './pod.js';
import { type CheckRunner, fail, pass } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.namespace;
type NamespaceSpec = z.infer<typeof schema>;

/**
 * Namespace: creates a namespace (`namespaceNamePrefix` + random suffix, with its labels and
 * annotations), waits for it to be Active (readyTimeout), runs `podSpec` in it as the pod check
 * does, then deletes the namespace and waits until it is gone (deleteTimeout).
 */
export const namespaceRunner: CheckRunner<NamespaceSpec> = {
  type: 'namespace',
  schema,
  endpoint: (s) => `namespace/${s.namespaceNamePrefix ?? s.checkName ?? s.name ?? 'canary'}`,
  async run(spec, ctx) {
    const api = await kubeApi(spec, ctx);
    const prefix = (spec.namespaceNamePrefix ?? 'canary-').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
    const name = `${prefix}${prefix.endsWith('-') ? '' : '-'}${suffix()}`;
    const ns: KubeObject = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name,
        labels: spec.namespaceLabels ?? {},
        ...(spec.namespaceAnnotations ? { annotations: spec.namespaceAnnotations } : {}),
      },
    };
    const data: Record<string, unknown> = { namespace: name };
    let deleted = false;
    try {
      await createObject(api, ns, '');
      const active = await waitUntil(
        async () => {
          const got = await getObject(api, ns, '');
          return got?.status?.phase === 'Active' ? true : undefined;
        },
        { timeoutMs: spec.readyTimeout, what: `namespace ${name} was not Active`, signal: ctx.signal },
      );
      data.activeMs = active.ms;
      let pod: PodLifecycle | undefined;
      if (spec.podSpec) {
        pod = await podLifecycle(api, podManifest(spec.podSpec, 'podSpec', name, 'canary-pod'), spec, ctx);
        data.pod = pod;
      }
      data.deleteMs = await deleteObject(api, ns, '', {
        timeoutMs: spec.deleteTimeout,
        wait: true,
        signal: ctx.signal,
      });
      deleted = true;
      const podText = pod ? `, pod ${pod.name} ready in ${pod.readyMs} ms` : '';
      return pass(
        `namespace ${name} active in ${active.ms} ms${podText}, deleted in ${String(data.deleteMs)} ms`,
        data,
      );
    } catch (e) {
      return fail((e as Error).message, data);
    } finally {
      if (!deleted) await deleteObject(api, ns, '', { wait: false, signal: cleanupSignal() }).catch(() => {});
    }
  },
};
