import { ownTable } from '@opsdeck/shared';

/** A Kubernetes object as the API server returns it. */
export type KubeObject = {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    labels?: Record<string, string>;
    generation?: number;
    deletionTimestamp?: string;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [k: string]: unknown;
};

/** kind → [apiVersion, plural, namespaced] for the kinds checks name most. */
const KINDS: Record<string, [string, string, boolean]> = ownTable({
  pod: ['v1', 'pods', true],
  namespace: ['v1', 'namespaces', false],
  node: ['v1', 'nodes', false],
  service: ['v1', 'services', true],
  configmap: ['v1', 'configmaps', true],
  secret: ['v1', 'secrets', true],
  serviceaccount: ['v1', 'serviceaccounts', true],
  persistentvolumeclaim: ['v1', 'persistentvolumeclaims', true],
  persistentvolume: ['v1', 'persistentvolumes', false],
  event: ['v1', 'events', true],
  endpoints: ['v1', 'endpoints', true],
  deployment: ['apps/v1', 'deployments', true],
  replicaset: ['apps/v1', 'replicasets', true],
  statefulset: ['apps/v1', 'statefulsets', true],
  daemonset: ['apps/v1', 'daemonsets', true],
  job: ['batch/v1', 'jobs', true],
  cronjob: ['batch/v1', 'cronjobs', true],
  ingress: ['networking.k8s.io/v1', 'ingresses', true],
});

function plural(kind: string): string {
  const k = kind.toLowerCase();
  if (/(s|x|ch|sh)$/.test(k)) return `${k}es`;
  if (/[^aeiou]y$/.test(k)) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

/** Where objects of a kind live: the collection path, with `{ns}` for namespaced kinds. */
export function kindPath(
  kind: string,
  apiVersion?: string,
): { path: (ns?: string) => string; namespaced: boolean } {
  const known = KINDS[kind.toLowerCase()];
  const version = apiVersion ?? known?.[0] ?? 'v1';
  const resource = known && (!apiVersion || apiVersion === known[0]) ? known[1] : plural(kind);
  // Unknown kinds are taken as namespaced; cluster-scoped ones should be listed in KINDS.
  const namespaced = known ? known[2] : true;
  const prefix = version.includes('/') ? `/apis/${version}` : `/api/${version}`;
  return {
    namespaced,
    path: (ns) =>
      namespaced && ns
        ? `${prefix}/namespaces/${encodeURIComponent(ns)}/${resource}`
        : `${prefix}/${resource}`,
  };
}

/** The path of one object from its manifest (apiVersion, kind, metadata). */
export function objectPath(obj: KubeObject, defaultNamespace: string): string {
  const where = kindPath(obj.kind ?? '', obj.apiVersion);
  const ns = where.namespaced ? (obj.metadata?.namespace ?? defaultNamespace) : undefined;
  return `${where.path(ns)}/${encodeURIComponent(obj.metadata?.name ?? '')}`;
}

export function describeObject(obj: KubeObject): string {
  const ns = obj.metadata?.namespace;
  return `${obj.kind ?? 'object'}/${ns ? `${ns}/` : ''}${obj.metadata?.name ?? '?'}`;
}

/** `*` globs, comma-separated (`web-*,api`), `!` negates; empty matches everything. */
export function nameMatcher(pattern: string | undefined): (name: string) => boolean {
  const parts = (pattern ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || parts.includes('*')) return () => true;
  const toRe = (g: string) => new RegExp(`^${g.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  const include = parts.filter((p) => !p.startsWith('!')).map(toRe);
  const exclude = parts.filter((p) => p.startsWith('!')).map((p) => toRe(p.slice(1)));
  return (name) =>
    (!include.length || include.some((r) => r.test(name))) && !exclude.some((r) => r.test(name));
}

export type Health = {
  ready: boolean;
  health: 'healthy' | 'unhealthy' | 'unknown';
  status: string;
  message: string;
};

type Condition = { type?: string; status?: string; reason?: string; message?: string };
const conditions = (o: KubeObject) =>
  Array.isArray(o.status?.conditions) ? (o.status.conditions as Condition[]) : [];
const condition = (o: KubeObject, type: string) => conditions(o).find((c) => c.type === type);
const num = (v: unknown) => (typeof v === 'number' ? v : 0);

function replicas(o: KubeObject, wanted: number, readyField: string): Health {
  const ready = num(o.status?.[readyField]);
  const observed = num(o.status?.observedGeneration);
  const generation = num(o.metadata?.generation);
  const status = `${ready}/${wanted} ready`;
  if (generation && observed < generation)
    return { ready: false, health: 'unknown', status: 'Progressing', message: 'rollout not observed yet' };
  if (ready >= wanted) return { ready: true, health: 'healthy', status, message: '' };
  return {
    ready: false,
    health: ready > 0 ? 'unhealthy' : 'unknown',
    status,
    message: `${wanted - ready} replicas not ready`,
  };
}

/**
 * Readiness and health of an object, as canary-checker judges them (is-healthy): a pod is ready
 * when Running with condition Ready (or Succeeded), a workload when its ready replicas reach the
 * wanted count, a node on its Ready condition, a namespace when Active; other kinds on their
 * Ready condition when they have one, else ready.
 */
export function kubeHealth(o: KubeObject): Health {
  const kind = (o.kind ?? '').toLowerCase();
  const phase = typeof o.status?.phase === 'string' ? o.status.phase : '';
  if (o.metadata?.deletionTimestamp)
    return { ready: false, health: 'unknown', status: 'Terminating', message: '' };
  switch (kind) {
    case 'pod': {
      if (phase === 'Succeeded') return { ready: true, health: 'healthy', status: 'Completed', message: '' };
      if (phase === 'Failed')
        return {
          ready: false,
          health: 'unhealthy',
          status: 'Failed',
          message: String(o.status?.message ?? ''),
        };
      const ready = condition(o, 'Ready');
      const statuses = Array.isArray(o.status?.containerStatuses)
        ? (o.status.containerStatuses as { state?: { waiting?: { reason?: string; message?: string } } }[])
        : [];
      const waiting = statuses.map((s) => s.state?.waiting).find((w) => w?.reason);
      if (waiting?.reason && /BackOff|Err|Invalid/.test(waiting.reason))
        return { ready: false, health: 'unhealthy', status: waiting.reason, message: waiting.message ?? '' };
      if (phase === 'Running' && ready?.status === 'True')
        return { ready: true, health: 'healthy', status: 'Running', message: '' };
      return {
        ready: false,
        health: 'unknown',
        status: waiting?.reason ?? (phase || 'Pending'),
        message: ready?.message ?? '',
      };
    }
    case 'deployment':
    case 'statefulset':
    case 'replicaset':
      return replicas(
        o,
        typeof o.spec?.replicas === 'number' ? o.spec.replicas : 1,
        kind === 'deployment' ? 'availableReplicas' : 'readyReplicas',
      );
    case 'daemonset':
      return replicas(o, num(o.status?.desiredNumberScheduled), 'numberReady');
    case 'node': {
      const ready = condition(o, 'Ready');
      return ready?.status === 'True'
        ? { ready: true, health: 'healthy', status: 'Ready', message: '' }
        : { ready: false, health: 'unhealthy', status: 'NotReady', message: ready?.message ?? '' };
    }
    case 'namespace':
      return phase === 'Active' || !phase
        ? { ready: true, health: 'healthy', status: 'Active', message: '' }
        : { ready: false, health: 'unknown', status: phase, message: '' };
    case 'job': {
      if (condition(o, 'Failed')?.status === 'True')
        return {
          ready: true,
          health: 'unhealthy',
          status: 'Failed',
          message: condition(o, 'Failed')?.message ?? '',
        };
      if (condition(o, 'Complete')?.status === 'True')
        return { ready: true, health: 'healthy', status: 'Complete', message: '' };
      return { ready: false, health: 'unknown', status: 'Running', message: '' };
    }
    default: {
      const ready = condition(o, 'Ready');
      if (!ready) return { ready: true, health: 'unknown', status: phase, message: '' };
      return ready.status === 'True'
        ? { ready: true, health: 'healthy', status: 'Ready', message: '' }
        : {
            ready: false,
            health: 'unhealthy',
            status: ready.reason ?? 'NotReady',
            message: ready.message ?? '',
          };
    }
  }
}

/** Drops managedFields (large, never tested) from an object kept in check details. */
export function slim(o: KubeObject): KubeObject {
  if (!o.metadata || !('managedFields' in o.metadata)) return o;
  const { managedFields: _dropped, ...metadata } = o.metadata as Record<string, unknown>;
  return { ...o, metadata: metadata as KubeObject['metadata'] };
}
