import { parseDuration, RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { evalCel } from '../../expr/index.js';
import { httpRunner } from './http.js';
import { kubeApi, type KubeApi } from './kube-api.js';
import {
  cleanupSignal,
  createObject,
  deleteObject,
  getObject,
  POLL_MS,
  waitUntil,
} from './kube-lifecycle.js';
import { describeObject, kubeHealth, slim, type KubeObject } from './kube-objects.js';
import { type CheckRunner, fail, pass, type RunContext } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.kubernetesResource;
type ResourceSpec = z.infer<typeof schema>;

const ms = (v: string | number | undefined) => parseDuration(v, { defaultUnit: 'ms' });

/** canary-checker's CEL helpers over objects: `k8s.isReady(r)`, `k8s.isHealthy(r)`. */
const K8S_FUNCTIONS = {
  'k8sIsReady(dyn): bool': (o: unknown) => kubeHealth(o as KubeObject).ready,
  'k8sIsHealthy(dyn): bool': (o: unknown) => kubeHealth(o as KubeObject).health === 'healthy',
};

/** The CEL engine takes no dotted function names: `k8s.isReady(` is spelled `k8sIsReady(` for it. */
const k8sCalls = (expr: string) => expr.replace(/\bk8s\.is(Ready|Healthy)\s*\(/g, 'k8sIs$1(');

/** Every resource ready, or the `waitFor.expr` CEL over `resources` true. */
function settled(objects: KubeObject[], expr: string | undefined): boolean {
  if (!expr) return objects.every((o) => kubeHealth(o).ready);
  return evalCel(k8sCalls(expr), { resources: objects }, { functions: K8S_FUNCTIONS }) === true;
}

/** Runs the nested checks; only http runs here. Returns the first failure, or undefined. */
async function runNested(
  spec: ResourceSpec,
  ctx: RunContext,
): Promise<{ error?: string; results: unknown[] }> {
  const results: unknown[] = [];
  for (const group of spec.checks ?? []) {
    for (const [type, list] of Object.entries(group)) {
      if (type !== 'http') return { error: `nested ${type} checks are not run here (only http)`, results };
      for (const raw of Array.isArray(list) ? list : []) {
        const parsed = httpRunner.schema.safeParse(raw);
        if (!parsed.success)
          return { error: `invalid nested http check: ${parsed.error.issues[0]?.message ?? ''}`, results };
        const out = await httpRunner.run(parsed.data, ctx);
        const test = parsed.data.test?.expr;
        const ok = out.pass && (!test || evalCel(test, out.data) === true);
        const name = parsed.data.name ?? parsed.data.url ?? 'http';
        results.push({
          name,
          pass: ok,
          error: out.error ?? (ok ? undefined : `test returned false: ${test}`),
        });
        if (!ok)
          return {
            error: `nested check ${name} failed: ${out.error ?? `test returned false: ${test}`}`,
            results,
          };
      }
    }
  }
  return { results };
}

/** Retries the nested checks per `checkRetries` (delay before the first, then every interval, until timeout). */
async function nestedWithRetries(spec: ResourceSpec, ctx: RunContext) {
  const r = spec.checkRetries;
  const delay = ms(r?.delay) ?? 0;
  if (delay)
    await waitUntil(async () => undefined, { timeoutMs: delay, what: 'delay', signal: ctx.signal }).catch(
      () => {},
    );
  const deadline = Date.now() + (ms(r?.timeout) ?? 0);
  for (;;) {
    const out = await runNested(spec, ctx);
    if (!out.error || Date.now() >= deadline || out.error.includes('not run here')) return out;
    const interval = ms(r?.interval) ?? POLL_MS;
    await waitUntil(async () => undefined, {
      timeoutMs: interval,
      what: 'interval',
      signal: ctx.signal,
    }).catch(() => {});
  }
}

async function createStatic(api: KubeApi, obj: KubeObject, ns: string): Promise<void> {
  if (await getObject(api, obj, ns)) return;
  await createObject(api, obj, ns);
}

/**
 * kubernetesResource: creates `staticResources` (kept) and `resources`, waits until they are
 * ready (or `waitFor.expr` holds, with `k8s.isReady`/`k8s.isHealthy`), runs the nested
 * checks (http only), then deletes `resources` (waiting for them to go with `waitFor.delete`).
 */
export const kubernetesResourceRunner: CheckRunner<ResourceSpec> = {
  type: 'kubernetesResource',
  schema,
  endpoint: (s) => s.resources.map((r) => describeObject(r as KubeObject)).join(', '),
  async run(spec, ctx) {
    const api = await kubeApi(spec, ctx);
    const ns = spec.namespace ?? 'default';
    const resources = spec.resources as KubeObject[];
    const created: KubeObject[] = [];
    const data: Record<string, unknown> = {};
    try {
      if (spec.clearResources) {
        for (const r of resources)
          await deleteObject(api, r, ns, {
            wait: true,
            timeoutMs: ms(spec.waitFor?.timeout),
            signal: ctx.signal,
          });
      }
      for (const r of (spec.staticResources ?? []) as KubeObject[]) await createStatic(api, r, ns);
      for (const r of resources) created.push(await createObject(api, r, ns));
      if (!spec.waitFor?.disable) {
        const expr = spec.waitFor?.expr;
        const waited = await waitUntil(
          async () => {
            const now = await Promise.all(resources.map((r) => getObject(api, r, ns)));
            const objects = now.map(
              (o, i) =>
                ({
                  kind: resources[i]?.kind,
                  apiVersion: resources[i]?.apiVersion,
                  ...(o ?? resources[i]),
                }) as KubeObject,
            );
            data.resources = objects.map((o) => ({ ...slim(o), healthStatus: kubeHealth(o) }));
            return settled(objects, expr) ? true : undefined;
          },
          {
            timeoutMs: ms(spec.waitFor?.timeout),
            what: expr ? `waitFor.expr did not hold (${expr})` : 'resources were not ready',
            signal: ctx.signal,
          },
        );
        data.waitMs = waited.ms;
      }
      const nested = await nestedWithRetries(spec, ctx);
      data.checks = nested.results;
      if (nested.error) return fail(nested.error, data);
      return pass(
        `${resources.length} resources ready${nested.results.length ? `, ${nested.results.length} checks passed` : ''}`,
        data,
      );
    } catch (e) {
      return fail((e as Error).message, data);
    } finally {
      const wait = spec.waitFor?.delete === true && !ctx.signal.aborted;
      for (const r of [...created].reverse()) {
        await deleteObject(api, r, ns, {
          wait,
          timeoutMs: ms(spec.waitFor?.timeout),
          signal: wait ? ctx.signal : cleanupSignal(),
        }).catch(() => {});
      }
    }
  },
};
