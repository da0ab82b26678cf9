import { randomBytes } from 'node:crypto';
import YAML from 'yaml';
import { abortReason, pause } from '../../lib/abort.js';
import { type KubeApi, kubeError } from './kube-api.js';
import { describeObject, kindPath, objectPath, type KubeObject } from './kube-objects.js';

/** How often a waiting check asks the API server again. */
export const POLL_MS = 250;

/** A manifest given as YAML text (pod `spec`, namespace `podSpec`), as an object. */
export function parseManifest(text: string, field: string): KubeObject {
  let doc: unknown;
  try {
    doc = YAML.parse(text, { maxAliasCount: 100 });
  } catch (e) {
    throw new Error(`${field} is not valid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new Error(`${field} must be a Kubernetes manifest`);
  return doc as KubeObject;
}

/** A short random suffix so runs (and replicas) never collide on a name. */
export const suffix = () => randomBytes(3).toString('hex');

/**
 * Polls `probe` until it returns a value or `timeoutMs` passes (then throws `what` with the
 * elapsed time); the check's own deadline (signal) stops it too. Returns the value and the wait.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs: number | undefined; what: string; signal: AbortSignal },
): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    const ms = Date.now() - started;
    if (value !== undefined) return { value, ms };
    if (opts.timeoutMs !== undefined && ms >= opts.timeoutMs)
      throw new Error(`${opts.what} within ${opts.timeoutMs} ms`);
    await pause(POLL_MS, opts.signal);
    if (opts.signal.aborted) throw abortReason(opts.signal);
  }
}

/** Creates the object; a conflict (already there) is an error naming it. */
export async function createObject(
  api: KubeApi,
  obj: KubeObject,
  defaultNamespace: string,
): Promise<KubeObject> {
  const where = kindPath(obj.kind ?? '', obj.apiVersion);
  const ns = where.namespaced ? (obj.metadata?.namespace ?? defaultNamespace) : undefined;
  const body = ns ? { ...obj, metadata: { ...obj.metadata, namespace: ns } } : obj;
  const res = await api.call('POST', where.path(ns), body);
  if (res.status >= 400) throw kubeError(`creating ${describeObject(body)}`, res);
  return res.body as KubeObject;
}

/** The object now, or undefined once it is gone (404). */
export async function getObject(
  api: KubeApi,
  obj: KubeObject,
  defaultNamespace: string,
): Promise<KubeObject | undefined> {
  const res = await api.call('GET', objectPath(obj, defaultNamespace));
  if (res.status === 404) return undefined;
  if (res.status >= 400) throw kubeError(`reading ${describeObject(obj)}`, res);
  return res.body as KubeObject;
}

/** Deletes the object (gone already is fine) and, with a timeout, waits until it is gone. */
export async function deleteObject(
  api: KubeApi,
  obj: KubeObject,
  defaultNamespace: string,
  opts: { timeoutMs?: number; wait: boolean; signal: AbortSignal },
): Promise<number> {
  const res = await api.call('DELETE', objectPath(obj, defaultNamespace), undefined, opts.signal);
  if (res.status >= 400 && res.status !== 404) throw kubeError(`deleting ${describeObject(obj)}`, res);
  if (!opts.wait) return 0;
  const { ms } = await waitUntil(
    async () => ((await getObject(api, obj, defaultNamespace)) ? undefined : true),
    {
      timeoutMs: opts.timeoutMs,
      what: `${describeObject(obj)} was not deleted`,
      signal: opts.signal,
    },
  );
  return ms;
}

/** A signal that still works for clean-up after the check's own one fired (bounded to 10 s). */
export function cleanupSignal(): AbortSignal {
  return AbortSignal.timeout(10_000);
}
