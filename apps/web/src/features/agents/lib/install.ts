import { stringify } from 'yaml';
import type { AgentInstallPayload } from '../api/agents.js';

/** Where the agent charts come from, and the namespace they go to. */
export const CHART_REPO = { name: 'flanksource', url: 'https://flanksource.github.io/charts' } as const;
export const AGENT_CHART = 'mission-control-agent';
export const KUBERNETES_CHART = 'mission-control-kubernetes';
export const AGENT_NAMESPACE = 'mission-control-agent';

/** What every install text needs: the form that created the agent, its token and this console's URL. */
export type InstallInput = { form: AgentInstallPayload; token: string; consoleUrl: string };

/** Values of the agent chart: upstream connection, plus push telemetry when asked for. */
function agentValues({ form, token, consoleUrl }: InstallInput): Record<string, unknown> {
  const values: Record<string, unknown> = {
    clusterName: form.name,
    upstream: {
      createSecret: true,
      host: consoleUrl,
      username: 'token',
      password: token,
      agentName: form.name,
    },
  };
  if (form.pushTelemetry?.enabled)
    values.pushTelemetry = { enabled: true, topologyName: form.pushTelemetry.topologyName || form.name };
  return values;
}

/** Values of the Kubernetes scraper chart, when the form enabled it. */
function kubernetesValues({ form }: InstallInput): Record<string, unknown> | undefined {
  const k = form.kubernetes;
  if (!k?.enabled) return undefined;
  return { clusterName: form.name, scraper: { schedule: `@every ${k.interval}`, exclusions: k.exclusions } };
}

function helmRelease(name: string, chart: string, values: Record<string, unknown>) {
  return {
    apiVersion: 'helm.toolkit.fluxcd.io/v2',
    kind: 'HelmRelease',
    metadata: { name, namespace: AGENT_NAMESPACE },
    spec: {
      chart: {
        spec: {
          chart,
          sourceRef: { kind: 'HelmRepository', name: CHART_REPO.name, namespace: AGENT_NAMESPACE },
        },
      },
      interval: '1m',
      values,
    },
  };
}

/** Flux: Namespace, the flanksource HelmRepository and a HelmRelease per chart, as one YAML stream. */
export function fluxYaml(input: InstallInput): string {
  const docs: unknown[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: AGENT_NAMESPACE } },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'HelmRepository',
      metadata: { name: CHART_REPO.name, namespace: AGENT_NAMESPACE },
      spec: { interval: '5m0s', url: CHART_REPO.url },
    },
    helmRelease(AGENT_CHART, AGENT_CHART, agentValues(input)),
  ];
  const kube = kubernetesValues(input);
  if (kube) docs.push(helmRelease(KUBERNETES_CHART, KUBERNETES_CHART, kube));
  return docs.map((d) => stringify(d).trimEnd()).join('\n---\n') + '\n';
}

/** Nested values as `--set a.b="v"` pairs; arrays by index, as Helm reads them. */
function setFlags(values: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(values).flatMap(([k, v]) => {
    const key = `${prefix}${k}`;
    if (Array.isArray(v)) return v.map((item, i) => `--set ${key}[${i}]=${JSON.stringify(String(item))}`);
    if (v && typeof v === 'object') return setFlags(v as Record<string, unknown>, `${key}.`);
    return [`--set ${key}=${JSON.stringify(String(v))}`];
  });
}

function helmInstall(release: string, chart: string, values: Record<string, unknown>): string {
  return [
    `helm install ${release} ${CHART_REPO.name}/${chart} \\`,
    `  -n ${AGENT_NAMESPACE} --create-namespace \\`,
    ...setFlags(values).map((f) => `  ${f} \\`),
  ]
    .join('\n')
    .replace(/ \\$/, '');
}

/** Helm CLI: add the repository, then install the agent chart (and the Kubernetes one when enabled). */
export function helmCommands(input: InstallInput): string {
  const lines = [`helm repo add ${CHART_REPO.name} ${CHART_REPO.url}`, 'helm repo update'];
  lines.push(helmInstall(AGENT_CHART, AGENT_CHART, agentValues(input)));
  const kube = kubernetesValues(input);
  if (kube) lines.push(helmInstall(KUBERNETES_CHART, KUBERNETES_CHART, kube));
  return lines.join('\n') + '\n';
}

/** The same program in agent mode, without Kubernetes. */
export function opsdeckAgentCommand({ form, token, consoleUrl }: InstallInput): string {
  return [
    `UPSTREAM_URL=${shellQuote(consoleUrl)} \\`,
    `UPSTREAM_TOKEN=${shellQuote(token)} \\`,
    `AGENT_NAME=${shellQuote(form.name)} \\`,
    'opsdeck agent',
  ].join('\n');
}

function shellQuote(v: string): string {
  return /^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`;
}
