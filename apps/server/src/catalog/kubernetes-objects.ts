import type { Health, ScrapedItem, ScrapedRelationship } from './types.js';
import { isPlainObject } from './merge-patch.js';

/**
 * Kubernetes objects as catalog items, shared by the kubernetes scraper and the file scraper
 * (manifests on disk). Items are keyed by uid and by a `Kind/namespace/name` alias, so owners,
 * nodes and namespaces can be found by either.
 */
export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    creationTimestamp?: string;
    deletionTimestamp?: string;
    ownerReferences?: { kind: string; name: string; uid?: string; controller?: boolean }[];
    resourceVersion?: string;
    generation?: number;
    managedFields?: unknown;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [k: string]: unknown;
};

export function isKubeObject(v: unknown): v is KubeObject {
  if (!isPlainObject(v) || typeof v.apiVersion !== 'string' || typeof v.kind !== 'string') return false;
  return isPlainObject(v.metadata) && typeof v.metadata.name === 'string';
}

export function kubeAlias(kind: string, namespace: string | undefined, name: string): string {
  return `${kind}/${namespace ?? ''}/${name}`;
}

/** Fields that change on every write and say nothing about the configuration. */
function withoutNoise(o: KubeObject): KubeObject {
  const metadata = { ...o.metadata };
  delete metadata.resourceVersion;
  delete metadata.managedFields;
  const annotations = { ...(metadata.annotations ?? {}) };
  delete annotations['kubectl.kubernetes.io/last-applied-configuration'];
  if (metadata.annotations) metadata.annotations = annotations;
  return { ...o, metadata };
}

type Condition = { type?: string; status?: string | boolean; reason?: string; message?: string };

/** Condition status "True" (unquoted in hand-written YAML it parses as a boolean). */
function isTrue(v: string | boolean | undefined): boolean {
  return v === true || v === 'True';
}
type ContainerStatus = {
  ready?: boolean;
  state?: { waiting?: { reason?: string }; terminated?: { reason?: string } };
};

function conditions(o: KubeObject): Condition[] {
  const c = o.status?.conditions;
  return Array.isArray(c) ? (c as Condition[]) : [];
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** Health and status text as an operator would read them. */
export function kubeHealth(o: KubeObject): { health?: Health; status?: string; ready?: boolean } {
  const s = o.status ?? {};
  switch (o.kind) {
    case 'Pod': {
      const phase = typeof s.phase === 'string' ? s.phase : 'Unknown';
      const cs = (Array.isArray(s.containerStatuses) ? s.containerStatuses : []) as ContainerStatus[];
      const waiting = cs.map((c) => c.state?.waiting?.reason).find((r) => r !== undefined);
      if (waiting && /BackOff|Err|Invalid/.test(waiting))
        return { health: 'unhealthy', status: waiting, ready: false };
      if (phase === 'Failed') return { health: 'unhealthy', status: phase, ready: false };
      if (phase === 'Succeeded') return { health: 'healthy', status: 'Completed', ready: true };
      if (phase === 'Pending') return { health: 'unknown', status: waiting ?? phase, ready: false };
      const allReady = cs.length > 0 && cs.every((c) => c.ready);
      return { health: allReady ? 'healthy' : 'warning', status: phase, ready: allReady };
    }
    case 'Deployment':
    case 'StatefulSet':
    case 'ReplicaSet': {
      const want = typeof o.spec?.replicas === 'number' ? o.spec.replicas : 1;
      const ready = num(s.readyReplicas);
      const status = `${ready}/${want} ready`;
      if (want === 0) return { health: 'healthy', status: 'Scaled to 0', ready: true };
      if (ready >= want) return { health: 'healthy', status: 'Running', ready: true };
      return { health: ready === 0 ? 'unhealthy' : 'warning', status, ready: false };
    }
    case 'DaemonSet': {
      const want = num(s.desiredNumberScheduled);
      const ready = num(s.numberReady);
      return ready >= want
        ? { health: 'healthy', status: 'Running', ready: true }
        : { health: ready === 0 ? 'unhealthy' : 'warning', status: `${ready}/${want} ready`, ready: false };
    }
    case 'Node': {
      const r = conditions(o).find((c) => c.type === 'Ready');
      if (!r) return { health: 'unknown', status: 'Unknown' };
      return isTrue(r.status)
        ? { health: 'healthy', status: 'Ready', ready: true }
        : { health: 'unhealthy', status: 'NotReady', ready: false };
    }
    case 'Namespace': {
      const phase = typeof s.phase === 'string' ? s.phase : 'Active';
      return { health: phase === 'Active' ? 'healthy' : 'warning', status: phase };
    }
    case 'Service':
      return { health: 'healthy', status: 'Active' };
    case 'Job': {
      if (num(s.failed) > 0) return { health: 'unhealthy', status: 'Failed' };
      if (num(s.succeeded) > 0) return { health: 'healthy', status: 'Complete' };
      return { health: 'unknown', status: 'Running' };
    }
    default: {
      // CRDs and the rest: a Ready condition, when there is one, is the best signal.
      const r = conditions(o).find((c) => c.type === 'Ready');
      if (!r) return {};
      return isTrue(r.status)
        ? { health: 'healthy', status: 'Ready', ready: true }
        : { health: 'unhealthy', status: r.reason ?? 'NotReady', ready: false };
    }
  }
}

function relationships(o: KubeObject, all: KubeObject[]): ScrapedRelationship[] {
  const rels: ScrapedRelationship[] = [];
  const ns = o.metadata.namespace;
  if (o.kind === 'Pod' && typeof o.spec?.nodeName === 'string') {
    rels.push({
      externalId: kubeAlias('Node', undefined, o.spec.nodeName),
      relation: 'node',
      direction: 'incoming',
    });
  }
  if (o.kind === 'Service' && isPlainObject(o.spec?.selector)) {
    const selector = o.spec.selector as Record<string, string>;
    const keys = Object.keys(selector);
    for (const p of all) {
      if (p.kind !== 'Pod' || p.metadata.namespace !== ns || keys.length === 0) continue;
      if (keys.every((k) => p.metadata.labels?.[k] === selector[k])) {
        rels.push({
          externalId: kubeAlias('Pod', ns, p.metadata.name),
          relation: 'selects',
          direction: 'outgoing',
        });
      }
    }
  }
  // Non-controller owners are relationships; the controller owner is the parent.
  for (const ref of o.metadata.ownerReferences ?? []) {
    if (ref.controller) continue;
    rels.push({
      externalId: ref.uid ?? kubeAlias(ref.kind, ns, ref.name),
      relation: 'owner',
      direction: 'incoming',
    });
  }
  return rels;
}

/** Objects of one cluster (`all` is used for selector matches) as items. */
export function kubeObjectToItem(o: KubeObject, cluster: string, all: KubeObject[]): ScrapedItem {
  const { name, namespace, uid, labels = {}, ownerReferences = [] } = o.metadata;
  const alias = kubeAlias(o.kind, namespace, name);
  const owner =
    ownerReferences.find((r) => r.controller) ??
    (ownerReferences.length === 1 ? ownerReferences[0] : undefined);
  const parent = owner
    ? { externalId: owner.uid ?? kubeAlias(owner.kind, namespace, owner.name) }
    : namespace && o.kind !== 'Namespace'
      ? { externalId: kubeAlias('Namespace', undefined, namespace) }
      : undefined;
  const health = kubeHealth(o);
  return {
    externalId: uid ? [uid, alias] : [alias],
    type: `Kubernetes::${o.kind}`,
    configClass: o.kind,
    name,
    namespace,
    ...health,
    labels: { ...labels },
    tags: { cluster, ...(namespace ? { namespace } : {}) },
    config: withoutNoise(o),
    parent,
    relationships: relationships(o, all),
    createdAt: o.metadata.creationTimestamp ? new Date(o.metadata.creationTimestamp) : undefined,
    deletedAt: o.metadata.deletionTimestamp ? new Date(o.metadata.deletionTimestamp) : undefined,
  };
}
