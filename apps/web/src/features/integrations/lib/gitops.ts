import { stringify } from 'yaml';

/** GitOps form defaults (namespace and the HelmRelease's reconcile interval). */
export const GITOPS_DEFAULTS = { namespace: 'mission-control', interval: '30m' } as const;

/** The Helm repository every registry chart is installed from. */
export const CHART_REPOSITORY = 'https://flanksource.github.io/charts';

export type GitOpsInput = {
  /** The chart's name, e.g. 'mission-control-kubernetes'. */
  chart: string;
  namespace: string;
  interval: string;
  /** The chart values the form built. */
  values: Record<string, unknown>;
};

/** Drops empty strings, empty lists and objects left empty, so previews show only what was filled. */
export function pruneValues(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) out[k] = v;
      continue;
    }
    if (typeof v === 'object') {
      const inner = pruneValues(v as Record<string, unknown>);
      if (Object.keys(inner).length > 0) out[k] = inner;
      continue;
    }
    out[k] = v;
  }
  return out;
}

/**
 * The Flux preview: the Namespace, the 'flanksource' HelmRepository (every 5m0s) and the
 * 'mission-control' HelmRelease of the chart (chart checked every 1m) with the values.
 */
export function fluxYaml(input: GitOpsInput): string {
  const ns = input.namespace;
  const docs = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1beta1',
      kind: 'HelmRepository',
      metadata: { name: 'flanksource', namespace: ns },
      spec: { interval: '5m0s', url: CHART_REPOSITORY },
    },
    {
      apiVersion: 'helm.toolkit.fluxcd.io/v2beta1',
      kind: 'HelmRelease',
      metadata: { name: 'mission-control', namespace: ns },
      spec: {
        interval: input.interval,
        chart: {
          spec: {
            chart: input.chart,
            sourceRef: { kind: 'HelmRepository', name: 'flanksource' },
            interval: '1m',
          },
        },
        values: pruneValues(input.values),
      },
    },
  ];
  return docs.map((d) => stringify(d)).join('---\n');
}

/** One `--set` flag per leaf value, nested keys dotted (lists as Helm's {a,b}). */
export function helmFlags(values: Record<string, unknown>, prefix = ''): { key: string; value: string }[] {
  return Object.entries(pruneValues(values)).flatMap(([k, v]) => {
    const key = `${prefix}${k}`;
    if (Array.isArray(v)) return [{ key, value: `{${v.map(String).join(',')}}` }];
    if (typeof v === 'object' && v !== null) return helmFlags(v as Record<string, unknown>, `${key}.`);
    return [{ key, value: String(v) }];
  });
}

/** The Helm CLI preview: add and update the repository, then install the chart with its values. */
export function helmCommand(input: GitOpsInput): string {
  const sets = helmFlags(input.values).map((f) => `  --set ${f.key}="${f.value.replace(/"/g, '\\"')}" \\\n`);
  return [
    `helm repo add flanksource ${CHART_REPOSITORY}`,
    '',
    'helm repo update',
    '',
    `helm install flanksource/${input.chart} -n "${input.namespace}" \\\n${sets.join('')}  --create-namespace\n`,
  ].join('\n');
}
