import { stringify } from 'yaml';
import type { AgentInstallPayload } from '../api/agents.js';

/**
 * Opsdeck's own agent chart, deploy/charts/opsdeck-agent in the Opsdeck repository, and the
 * image built from its Dockerfile (docs/deploy.md). Nothing is published to a chart repository
 * or an image registry: Helm installs the chart from a checkout, Flux from a GitRepository, and
 * the image is the one you built and pushed where your cluster pulls from.
 */
export const AGENT_CHART_PATH = './deploy/charts/opsdeck-agent';
export const AGENT_RELEASE = 'opsdeck-agent';
export const AGENT_NAMESPACE = 'opsdeck-agent';
/** The Secret the Flux manifest keeps the token in (the chart's upstream.existingSecret). */
export const TOKEN_SECRET = 'opsdeck-agent-token';
/** The image of this console's version, as `docker build -t opsdeck:<version> .` tags it. */
export const AGENT_IMAGE = `opsdeck:${__APP_VERSION__}`;
/** Where Flux finds the chart: your copy of the Opsdeck repository. */
export const REPOSITORY_PLACEHOLDER = 'https://git.example.com/your-org/opsdeck.git';

/** What every install text needs: the form that created the agent, its token and this console's URL. */
export type InstallInput = { form: AgentInstallPayload; token: string; consoleUrl: string };

/**
 * The chart's values (deploy/charts/opsdeck-agent/values.yaml) for this agent. The token goes
 * in as upstream.token, or, where the text is meant to be kept in git, as a Secret's name.
 * The form's Kubernetes option gives the agent read access to its cluster (kubernetes.enabled)
 * for scrapers and checks with `inCluster: true`.
 */
export function agentValues(
  { form, token, consoleUrl }: InstallInput,
  tokenFrom: 'value' | 'secret' = 'value',
): Record<string, unknown> {
  const values: Record<string, unknown> = {
    upstream:
      tokenFrom === 'value' ? { url: consoleUrl, token } : { url: consoleUrl, existingSecret: TOKEN_SECRET },
    agentName: form.name,
  };
  if (form.kubernetes?.enabled) values.kubernetes = { enabled: true };
  return values;
}

/**
 * Flux: the namespace, the token in a Secret, the Opsdeck repository as a GitRepository and a
 * HelmRelease of the agent chart from it, as one YAML stream.
 */
export function fluxYaml(input: InstallInput): string {
  const docs: unknown[] = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: AGENT_NAMESPACE } },
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: TOKEN_SECRET, namespace: AGENT_NAMESPACE },
      type: 'Opaque',
      stringData: { UPSTREAM_TOKEN: input.token },
    },
    {
      apiVersion: 'source.toolkit.fluxcd.io/v1',
      kind: 'GitRepository',
      metadata: { name: 'opsdeck', namespace: AGENT_NAMESPACE },
      spec: { interval: '1h', url: REPOSITORY_PLACEHOLDER, ref: { branch: 'main' } },
    },
    {
      apiVersion: 'helm.toolkit.fluxcd.io/v2',
      kind: 'HelmRelease',
      metadata: { name: AGENT_RELEASE, namespace: AGENT_NAMESPACE },
      spec: {
        interval: '10m',
        chart: {
          spec: { chart: AGENT_CHART_PATH, sourceRef: { kind: 'GitRepository', name: 'opsdeck' } },
        },
        values: agentValues(input, 'secret'),
      },
    },
  ];
  const header =
    '# The GitRepository url: your copy of the Opsdeck repository (deploy/charts/opsdeck-agent).\n' +
    `# The image ${AGENT_IMAGE} must be where the cluster pulls from (docs/deploy.md).\n`;
  return header + docs.map((d) => stringify(d).trimEnd()).join('\n---\n') + '\n';
}

/** Helm's --set syntax treats `,` and `\` specially: escaped, the value arrives as written. */
function helmValue(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/,/g, '\\,');
}

/** Nested values as `--set-string a.b=v` (booleans as `--set a.b=true`), shell-quoted. */
function setFlags(values: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(values).flatMap(([k, v]) => {
    const key = `${prefix}${k}`;
    if (v && typeof v === 'object') return setFlags(v as Record<string, unknown>, `${key}.`);
    if (typeof v === 'boolean') return [`--set ${key}=${v}`];
    return [`--set-string ${shellQuote(`${key}=${helmValue(String(v))}`)}`];
  });
}

/** Helm CLI: install the agent chart from a checkout of the Opsdeck repository. */
export function helmCommands(input: InstallInput): string {
  return (
    [
      '# In a checkout of the Opsdeck repository; the image ' +
        `${AGENT_IMAGE} must be where the cluster pulls from (docs/deploy.md).`,
      `helm install ${AGENT_RELEASE} ${AGENT_CHART_PATH} \\`,
      `  -n ${AGENT_NAMESPACE} --create-namespace \\`,
      ...setFlags(agentValues(input)).map((f) => `  ${f} \\`),
    ]
      .join('\n')
      .replace(/ \\$/, '') + '\n'
  );
}

/** The agent from the image, without Kubernetes (podman takes the same arguments). */
export function containerCommand({ form, token, consoleUrl }: InstallInput): string {
  return [
    `docker run -d --name ${AGENT_RELEASE} --restart unless-stopped \\`,
    '  --read-only --tmpfs /tmp -v opsdeck-agent-data:/data \\',
    `  -e UPSTREAM_URL=${shellQuote(consoleUrl)} \\`,
    `  -e UPSTREAM_TOKEN=${shellQuote(token)} \\`,
    `  -e AGENT_NAME=${shellQuote(form.name)} \\`,
    `  ${AGENT_IMAGE} agent`,
  ].join('\n');
}

/** The same program in agent mode where Opsdeck is installed (`opsdeck` on PATH). */
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
