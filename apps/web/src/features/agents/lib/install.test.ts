import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { fluxYaml, helmCommands, opsdeckAgentCommand, type InstallInput } from './install.js';

const base: InstallInput = {
  form: { name: 'edge-1', properties: {} },
  token: 'od_abc.secret',
  consoleUrl: 'https://ops.example.com',
};

describe('install instructions', () => {
  it('Flux: Namespace, HelmRepository flanksource and the agent HelmRelease with the upstream values', () => {
    const docs = parseAllDocuments(fluxYaml(base)).map((d) => d.toJS() as Record<string, never>);
    expect(docs.map((d) => d.kind)).toEqual(['Namespace', 'HelmRepository', 'HelmRelease']);
    expect(docs[1]).toMatchObject({
      metadata: { name: 'flanksource' },
      spec: { url: 'https://flanksource.github.io/charts' },
    });
    expect(docs[2]).toMatchObject({
      spec: {
        chart: {
          spec: {
            chart: 'mission-control-agent',
            sourceRef: { kind: 'HelmRepository', name: 'flanksource' },
          },
        },
        values: {
          upstream: {
            host: 'https://ops.example.com',
            username: 'token',
            password: 'od_abc.secret',
            agentName: 'edge-1',
          },
        },
      },
    });
  });

  it('adds the Kubernetes release and push telemetry when the form asks for them', () => {
    const input: InstallInput = {
      ...base,
      form: {
        name: 'edge-1',
        properties: {},
        kubernetes: { enabled: true, interval: '1h', exclusions: ['kube-system'] },
        pushTelemetry: { enabled: true, topologyName: 'edge' },
      },
    };
    const docs = parseAllDocuments(fluxYaml(input)).map((d) => d.toJS() as Record<string, never>);
    expect(docs).toHaveLength(4);
    expect(docs[2]).toMatchObject({
      spec: { values: { pushTelemetry: { enabled: true, topologyName: 'edge' } } },
    });
    expect(docs[3]).toMatchObject({
      spec: {
        chart: { spec: { chart: 'mission-control-kubernetes' } },
        values: { scraper: { exclusions: ['kube-system'] } },
      },
    });
    expect(helmCommands(input)).toContain('--set scraper.exclusions[0]="kube-system"');
  });

  it('Helm CLI: repo add, then install with the upstream values as --set flags', () => {
    const text = helmCommands(base);
    expect(text).toMatch(
      /^helm repo add flanksource https:\/\/flanksource\.github\.io\/charts\nhelm repo update\n/,
    );
    expect(text).toContain('helm install mission-control-agent flanksource/mission-control-agent');
    expect(text).toContain('--set upstream.host="https://ops.example.com"');
    expect(text).toContain('--set upstream.password="od_abc.secret"');
    expect(text).toContain('--set upstream.agentName="edge-1"');
    expect(text).not.toMatch(/\\\n$/);
  });

  it('the plain command runs opsdeck agent with UPSTREAM_URL, UPSTREAM_TOKEN and AGENT_NAME', () => {
    expect(opsdeckAgentCommand({ ...base, form: { name: "o'k", properties: {} } })).toBe(
      "UPSTREAM_URL=https://ops.example.com \\\nUPSTREAM_TOKEN=od_abc.secret \\\nAGENT_NAME='o'\\''k' \\\nopsdeck agent",
    );
  });
});
