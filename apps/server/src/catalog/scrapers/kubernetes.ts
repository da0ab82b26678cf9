import { setMaxListeners } from 'node:events';
import type { KubernetesScraperSpec } from '@opsdeck/shared';
import { fileAccess, type FileAccess } from '../../sandbox/file-roots.js';
import { checkedKubeconfig, type SpecKubeconfigFields } from '../../sandbox/kubeconfig.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import { outboundKubeClient } from '../../net/outbound-kube.js';
import { applyTransform } from '../extract.js';
import { isKubeObject, kubeAlias, kubeObjectToItem, type KubeObject } from '../kubernetes-objects.js';
import { resolveField } from '../../lib/jsonpath.js';
import { Limiter } from '../../lib/limiter.js';
import { emptyOutput, type ScrapedChange } from '../types.js';
import type { ScraperKindRunner } from './types.js';

/** Resources listed per cluster: [list path, kind]. A group the server lacks (404) is skipped. */
const RESOURCES: [string, string][] = [
  ['/api/v1/namespaces', 'Namespace'],
  ['/api/v1/nodes', 'Node'],
  ['/api/v1/pods', 'Pod'],
  ['/api/v1/services', 'Service'],
  ['/api/v1/persistentvolumeclaims', 'PersistentVolumeClaim'],
  ['/apis/apps/v1/deployments', 'Deployment'],
  ['/apis/apps/v1/replicasets', 'ReplicaSet'],
  ['/apis/apps/v1/statefulsets', 'StatefulSet'],
  ['/apis/apps/v1/daemonsets', 'DaemonSet'],
  ['/apis/batch/v1/jobs', 'Job'],
  ['/apis/batch/v1/cronjobs', 'CronJob'],
  ['/apis/networking.k8s.io/v1/ingresses', 'Ingress'],
];
const CLUSTER_SCOPED = new Set(['Namespace', 'Node']);
const PAGE_SIZE = 500;
const TIMEOUT_MS = 30_000;
/** Requests to one API server in flight at once when the spec sets no `maxInflight` (doc 3 §9). */
const DEFAULT_KUBERNETES_MAX_INFLIGHT = 64;

type KubeList = { apiVersion?: string; items?: unknown[]; metadata?: { continue?: string } };

type KubeEvent = {
  metadata?: { uid?: string; name?: string; namespace?: string };
  involvedObject?: { uid?: string; kind?: string; name?: string; namespace?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  firstTimestamp?: string;
  lastTimestamp?: string;
  eventTime?: string;
};

class NotFound extends Error {}

/** GETs JSON from the API server with the kubeconfig's TLS and credentials. */
type Getter = (path: string) => Promise<unknown>;

/** `maxInflight` bounds the getter's requests in flight at once (every page of every list). */
async function makeGetter(
  entry: SpecKubeconfigFields,
  signal: AbortSignal,
  outbound: OutboundPolicy,
  files: FileAccess,
  maxInflight = 1,
): Promise<Getter> {
  // Checked before the client library sees it: no exec plugins, no server files (sandbox/kubeconfig.ts).
  const client = await outboundKubeClient(await checkedKubeconfig(entry, files), outbound);
  const limiter = new Limiter(maxInflight);
  // Each request in flight listens to the signal: up to maxInflight at once, not a leak.
  const requests = AbortSignal.any([signal]);
  setMaxListeners(maxInflight + 10, requests);
  return async (path: string) => {
    const { status, text } = await limiter.run(() =>
      client.request(path, { signal: requests, timeoutMs: TIMEOUT_MS, timeoutMessage: `${path}: timed out` }),
    );
    if (status === 404) throw new NotFound(path);
    if (status >= 400) throw new Error(`${path}: HTTP ${status} ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`${path}: response is not JSON`);
    }
  };
}

type Settled<T> = { value: T } | { error: unknown };

/** Never rejects: the answer or the error, read later in a fixed order. */
function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  return p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

async function listAll(get: Getter, path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  let cont: string | undefined;
  do {
    const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (cont) q.set('continue', cont);
    const page = (await get(`${path}?${q}`)) as KubeList;
    items.push(...(page.items ?? []));
    cont = page.metadata?.continue || undefined;
  } while (cont);
  return items;
}

/**
 * The live objects of one kind (of the kinds the scraper lists), through the same client,
 * kubeconfig checks and outbound policy as the scraper: topology `kubernetes` lookups use it.
 */
export async function listKubernetesObjects(
  entry: SpecKubeconfigFields & { kind: string; namespace?: string },
  outbound: OutboundPolicy,
  files: FileAccess,
  signal: AbortSignal,
): Promise<unknown[]> {
  const resource = RESOURCES.find(([, kind]) => kind.toLowerCase() === entry.kind.toLowerCase());
  if (!resource)
    throw new Error(`kind ${entry.kind} is not one of ${RESOURCES.map(([, k]) => k).join(', ')}`);
  const get = await makeGetter(entry, signal, outbound, files);
  return listAll(get, namespaced(resource[0], resource[1], entry.namespace));
}

function namespaced(path: string, kind: string, ns: string | undefined): string {
  if (!ns || CLUSTER_SCOPED.has(kind)) return path;
  return path.replace(/\/([a-z]+)$/, `/namespaces/${encodeURIComponent(ns)}/$1`);
}

/** config-db's exclusion match: exact, or `*` as a wildcard (`junit-*`). */
function matchesAny(value: string | undefined, patterns: string[] | undefined): boolean {
  if (!value || !patterns) return false;
  return patterns.some((p) =>
    p.includes('*')
      ? new RegExp(
          `^${p
            .split('*')
            .map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}$`,
        ).test(value)
      : p === value,
  );
}

function excluded(entry: KubernetesScraperSpec, o: KubeObject): boolean {
  const ex = entry.exclusions;
  if (!ex) return false;
  if (matchesAny(o.kind, ex.kind)) return true;
  if (matchesAny(o.metadata.name, ex.name)) return true;
  if (matchesAny(o.metadata.namespace, ex.namespace)) return true;
  return Object.entries(ex.labels ?? {}).some(([k, v]) => o.metadata.labels?.[k] === v);
}

function eventToChange(e: KubeEvent): ScrapedChange | undefined {
  const obj = e.involvedObject;
  if (!obj?.name || !obj.kind || !e.reason) return undefined;
  const when = e.lastTimestamp ?? e.eventTime ?? e.firstTimestamp;
  return {
    externalId: obj.uid ?? kubeAlias(obj.kind, obj.namespace, obj.name),
    externalChangeId: e.metadata?.uid,
    changeType: e.reason,
    severity: e.type === 'Warning' ? 'medium' : 'info',
    source: `kubernetes/${e.source?.component ?? e.reportingComponent ?? 'events'}`,
    summary: e.message,
    details: e,
    createdAt: when ? new Date(when) : undefined,
    externalCreatedBy: e.source?.component ?? e.reportingComponent,
    count: e.count,
  };
}

/** A cluster through its API server: resources become items, events become changes. */
export const kubernetesScraper: ScraperKindRunner<KubernetesScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    let get: Getter;
    try {
      get = await makeGetter(
        entry,
        sc.signal,
        sc.outbound,
        fileAccess(sc.ctx.config),
        entry.maxInflight ?? DEFAULT_KUBERNETES_MAX_INFLIGHT,
      );
    } catch (e) {
      out.errors.push(`${entry.clusterName}: kubeconfig: ${(e as Error).message}`);
      return out;
    }
    // Every kind (and the events) is listed at once; the getter keeps at most `maxInflight`
    // requests in flight. The answers are then read in the kinds' order, as one after another.
    const listed = RESOURCES.filter(([, kind]) => !matchesAny(kind, entry.exclusions?.kind)).map(
      ([path, kind]) => ({
        path,
        kind,
        items: settle(listAll(get, namespaced(path, kind, entry.namespace))),
      }),
    );
    const eventList = settle(listAll(get, namespaced('/api/v1/events', 'Event', entry.namespace)));
    const objects: KubeObject[] = [];
    for (const { path, kind, items } of listed) {
      const answer = await items;
      if ('error' in answer) {
        const e = answer.error;
        if (e instanceof NotFound) continue;
        const message = `${entry.clusterName}: ${(e as Error).message}`;
        // An unreachable or refusing API server fails every list the same way: say it once.
        if (objects.length === 0 && out.errors.length === 0 && kind === 'Namespace') {
          out.errors.push(message);
          await Promise.all([...listed.map((l) => l.items), eventList]);
          return out;
        }
        out.errors.push(message);
        continue;
      }
      const [, version = 'v1'] = /\/(?:api|apis\/[^/]+)\/([^/]+)\//.exec(path) ?? [];
      const group = /^\/apis\/([^/]+)\//.exec(path)?.[1];
      const apiVersion = group ? `${group}/${version}` : version;
      for (const raw of answer.value) {
        // List items omit apiVersion and kind; put them back so items read like manifests.
        const o = { apiVersion, kind, ...(raw as object) } as unknown;
        if (isKubeObject(o) && !excluded(entry, o)) objects.push(o);
      }
    }
    for (const o of objects) {
      const item = kubeObjectToItem(o, entry.clusterName, objects);
      for (const [k, v] of Object.entries(entry.tags ?? {})) {
        const r = resolveField(o, v);
        if (r !== undefined) item.tags[k] = r;
      }
      out.errors.push(...applyTransform(entry, item).map((e) => `${entry.clusterName}: ${e}`));
      out.items.push(item);
    }
    const events = await eventList;
    if ('error' in events) {
      const e = events.error;
      if (!(e instanceof NotFound)) out.errors.push(`${entry.clusterName}: events: ${(e as Error).message}`);
    } else {
      const ex = entry.event?.exclusions;
      const skip = Array.isArray(ex) ? { reason: ex } : (ex ?? {});
      for (const ev of events.value as KubeEvent[]) {
        if (matchesAny(ev.reason, skip.reason)) continue;
        if (matchesAny(ev.involvedObject?.name, skip.name)) continue;
        if (matchesAny(ev.involvedObject?.namespace, skip.namespace)) continue;
        const change = eventToChange(ev);
        if (change) out.changes.push(change);
      }
    }
    return out;
  },
};
