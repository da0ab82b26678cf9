import type { ConnectionResolver, HydratedConnection } from '../../connections/index.js';
import type { KubeValueReader } from './kube-values.js';

/** Where `valueFrom` references are read from when a check runs. */
export type ValueSources = {
  /** Resolves `valueFrom.connection`; absent, such references fail the check. */
  connections?: ConnectionResolver | undefined;
  /** Reads secrets and config maps; absent when no cluster is configured. */
  kubernetes?: KubeValueReader | undefined;
  /** Namespace of secretKeyRef/configMapKeyRef: the check's, else its canary's. */
  namespace: string;
  signal: AbortSignal;
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

type KeyRef = { name?: unknown; key?: unknown };

function keyRef(ref: KeyRef, what: string): { name: string; key: string } {
  if (typeof ref.name !== 'string' || typeof ref.key !== 'string' || !ref.name || !ref.key)
    throw new Error(`valueFrom.${what} needs name and key`);
  return { name: ref.name, key: ref.key };
}

/** A field of a connection: username, password, url, certificate or properties.x. */
function connectionField(conn: HydratedConnection, key: string): string {
  if (key === 'username' || key === 'password' || key === 'url' || key === 'certificate') return conn[key];
  if (key.startsWith('properties.')) {
    const v = conn.properties[key.slice('properties.'.length)];
    if (v !== undefined) return v;
  }
  throw new Error(`connection ${conn.namespace}/${conn.name} has no field ${key}`);
}

async function resolveOne(valueFrom: Obj, src: ValueSources, where: string): Promise<string> {
  const kube = async (kind: 'secret' | 'configmap', field: string) => {
    const { name, key } = keyRef(valueFrom[field] as KeyRef, field);
    if (!src.kubernetes)
      throw new Error(
        `${where}: ${field} ${name}/${key} cannot be read: no Kubernetes cluster is configured for this server (set KUBECONFIG or run it in a cluster)`,
      );
    try {
      return await src.kubernetes({ kind, namespace: src.namespace, name, key }, src.signal);
    } catch (e) {
      throw new Error(`${where}: ${(e as Error).message}`);
    }
  };
  if (isObj(valueFrom.secretKeyRef)) return kube('secret', 'secretKeyRef');
  if (isObj(valueFrom.configMapKeyRef)) return kube('configmap', 'configMapKeyRef');
  if (typeof valueFrom.connection === 'string') {
    if (!src.connections)
      throw new Error(`${where}: connection ${valueFrom.connection} cannot be resolved here`);
    const conn = await src.connections(valueFrom.connection);
    return connectionField(conn, typeof valueFrom.key === 'string' ? valueFrom.key : 'password');
  }
  const kinds = Object.keys(valueFrom).join(', ') || 'nothing';
  throw new Error(
    `${where}: valueFrom ${kinds} is not supported here; use secretKeyRef, configMapKeyRef or connection`,
  );
}

/**
 * Replaces every `{valueFrom: …}` in a check spec by `{value: …}`, read now from the cluster
 * or the connections store, so runners only see inline values. A reference that cannot be
 * read throws, naming the field and the cause (the check then fails with that message).
 */
export async function resolveValueRefs(value: unknown, src: ValueSources, where = ''): Promise<unknown> {
  if (Array.isArray(value)) {
    return Promise.all(value.map((v, i) => resolveValueRefs(v, src, `${where}${where ? '.' : ''}${i}`)));
  }
  if (!isObj(value)) return value;
  if (isObj(value.valueFrom) && value.value === undefined) {
    const { valueFrom, ...rest } = value;
    const named = typeof value.name === 'string' ? `${where} (${value.name})` : where;
    return { ...rest, value: await resolveOne(valueFrom, src, named || 'value') };
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(value))
    out[k] = await resolveValueRefs(v, src, where ? `${where}.${k}` : k);
  return out;
}
