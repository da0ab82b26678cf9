import { globMatch } from '../selectors.js';

/**
 * canary-checker's `kubernetes` lookup: the objects of a `kind`, less those whose name matches
 * an `ignore` glob. Each result is the object itself plus `Object` (canary-checker's
 * unstructured form, `c.Object.metadata.name`) and `name`/`namespace`.
 */
type Lister = (
  spec: { kind: string; namespace?: string; kubeconfig?: string | { value: string }; inCluster?: boolean },
  signal: AbortSignal,
) => Promise<unknown[]>;

const TIMEOUT_MS = 30_000;

function kubeconfigOf(v: unknown): string | { value: string } | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string')
    return { value: (v as { value: string }).value };
  // valueFrom was read before the lookup (topology/reconcile.ts); one left here could not be.
  if (v && typeof v === 'object' && 'valueFrom' in v)
    throw new Error('the kubeconfig from valueFrom could not be read; give it inline or fix the reference');
  return undefined;
}

export async function kubernetesLookup(entry: Record<string, unknown>, list: Lister): Promise<unknown[]> {
  if (typeof entry.kind !== 'string' || !entry.kind) throw new Error('a kubernetes lookup needs a kind');
  const namespace =
    typeof entry.namespace === 'string'
      ? entry.namespace
      : typeof (entry.namespaceSelector as { name?: unknown } | undefined)?.name === 'string'
        ? (entry.namespaceSelector as { name: string }).name
        : undefined;
  const ignore = Array.isArray(entry.ignore)
    ? entry.ignore.filter((x): x is string => typeof x === 'string')
    : [];
  const objects = await list(
    {
      kind: entry.kind,
      namespace,
      kubeconfig: kubeconfigOf(entry.kubeconfig),
      inCluster: entry.inCluster === true ? true : undefined,
    },
    AbortSignal.timeout(TIMEOUT_MS),
  );
  const out: unknown[] = [];
  for (const o of objects) {
    const meta = (o as { metadata?: { name?: string; namespace?: string } }).metadata ?? {};
    // canary-checker's `**` globs are plain wildcards on a name.
    if (ignore.some((g) => globMatch(g.replaceAll('**', '*'), meta.name ?? ''))) continue;
    out.push({ ...(o as object), Object: o, name: meta.name, namespace: meta.namespace });
  }
  return out;
}
