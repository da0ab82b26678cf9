import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fluxYaml, GITOPS_DEFAULTS, helmCommand, helmFlags } from './gitops.js';

const FILLED = {
  chart: 'mission-control-kubernetes',
  ...GITOPS_DEFAULTS,
  values: {
    clusterName: 'prod-eu',
    scraper: { name: 'kube', schedule: '', exclusions: {} },
    playbooks: { enabled: true },
    topology: { name: '' },
    scraperKinds: ['Pod', 'Node'],
  },
};

describe('GitOps previews', () => {
  it('defaults to namespace mission-control and interval 30m', () => {
    expect(GITOPS_DEFAULTS).toEqual({ namespace: 'mission-control', interval: '30m' });
  });

  it('builds the Flux YAML: Namespace, HelmRepository and HelmRelease with the filled values', () => {
    const docs = parseAllDocuments(fluxYaml(FILLED)).map((d) => d.toJS() as Record<string, unknown>);
    expect(docs).toEqual([
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'mission-control' } },
      {
        apiVersion: 'source.toolkit.fluxcd.io/v1beta1',
        kind: 'HelmRepository',
        metadata: { name: 'flanksource', namespace: 'mission-control' },
        spec: { interval: '5m0s', url: 'https://flanksource.github.io/charts' },
      },
      {
        apiVersion: 'helm.toolkit.fluxcd.io/v2beta1',
        kind: 'HelmRelease',
        metadata: { name: 'mission-control', namespace: 'mission-control' },
        spec: {
          interval: '30m',
          chart: {
            spec: {
              chart: 'mission-control-kubernetes',
              sourceRef: { kind: 'HelmRepository', name: 'flanksource' },
              interval: '1m',
            },
          },
          values: {
            clusterName: 'prod-eu',
            scraper: { name: 'kube' },
            playbooks: { enabled: true },
            scraperKinds: ['Pod', 'Node'],
          },
        },
      },
    ]);
  });

  it('builds the Helm command: one --set per flattened value, nested keys dotted', () => {
    expect(helmCommand({ ...FILLED, namespace: 'ops' })).toBe(
      [
        'helm repo add flanksource https://flanksource.github.io/charts',
        '',
        'helm repo update',
        '',
        'helm install flanksource/mission-control-kubernetes -n "ops" \\',
        '  --set clusterName="prod-eu" \\',
        '  --set scraper.name="kube" \\',
        '  --set playbooks.enabled="true" \\',
        '  --set scraperKinds="{Pod,Node}" \\',
        '  --create-namespace',
        '',
      ].join('\n'),
    );
  });

  it('escapes quotes in values and leaves out empty ones', () => {
    expect(helmFlags({ a: 'say "hi"', b: '', c: { d: [] } })).toEqual([{ key: 'a', value: 'say "hi"' }]);
    expect(helmCommand({ ...FILLED, values: { a: 'say "hi"' } })).toContain('--set a="say \\"hi\\"" \\');
  });
});
