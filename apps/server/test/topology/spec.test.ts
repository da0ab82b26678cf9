import { describe, expect, it } from 'vitest';
import type { DataWriteContext } from '../../src/platform/data-write-hook.js';
import { parseTopologySpec, TopologySpecError } from '../../src/topology/spec.js';
import { renderTemplate } from '../../src/topology/template.js';
import { SpecWriteError } from '../../src/platform/spec-resource-hook.js';
import { topologyWriteHook } from '../../src/topology/write-hook.js';

const post = { method: 'POST' } as DataWriteContext;

function refusal(input: unknown): string {
  try {
    parseTopologySpec(input);
  } catch (e) {
    if (e instanceof TopologySpecError) return e.message;
    throw e;
  }
  throw new Error('the spec was accepted');
}

describe('topology spec', () => {
  it('accepts Mission Control topology YAML, whole documents included', () => {
    const { spec, metadata } = parseTopologySpec(`apiVersion: canaries.flanksource.com/v1
kind: Topology
metadata:
  name: cluster
  namespace: infra
  labels: {team: platform}
spec:
  schedule: "@every 5m"
  type: KubernetesCluster
  icon: kubernetes
  components:
    - name: nodes
      icon: server
      type: KubernetesNodes
      lookup:
        configs:
          - types: [Kubernetes::Node]
            tagSelector: cluster=demo
      forEach:
        properties:
          - name: zone
            configLookup:
              field: $.metadata.labels['topology.kubernetes.io/zone']
        checks:
          - selector:
              labelSelector: node=$(.config.name)
`);
    expect(metadata).toMatchObject({ name: 'cluster', namespace: 'infra', labels: { team: 'platform' } });
    expect(spec.components?.[0]?.lookup?.configs?.[0]?.types).toEqual(['Kubernetes::Node']);
  });

  it('refuses mistakes with the path of the problem', () => {
    expect(refusal({ components: [{ type: 'x' }] })).toContain('spec.components.0.name');
    expect(refusal({ schedule: 'sometimes' })).toContain('spec.schedule');
    expect(refusal({ lookup: { configs: [] } })).toContain('spec.lookup.configs');
    expect(refusal({ checks: [{ selector: { labelSelector: 'a=b,=c' } }] })).toContain('label selector');
    expect(refusal({ properties: [{ name: 'p', configLookup: { field: 'spec.replicas' } }] })).toContain(
      'JSONPath',
    );
    expect(refusal('a: [')).toMatch(/not valid YAML/);
    expect(refusal([])).toBe('spec must be an object');
  });

  it('renders forEach placeholders but leaves nested forEach blocks for their own items', () => {
    const out = renderTemplate(
      {
        name: '$(.config.name)-svc',
        lookup: {
          configs: [{ namespace: '{{ .config.name }}', labelSelector: 'team=$(.config.labels.team)' }],
        },
        forEach: { name: '$(.config.name)' },
      },
      { config: { name: 'shop', labels: { team: 'edge' } } },
    );
    expect(out).toEqual({
      name: 'shop-svc',
      lookup: { configs: [{ namespace: 'shop', labelSelector: 'team=edge' }] },
      forEach: { name: '$(.config.name)' },
    });
  });

  it('the data-API write hook normalises documents and refuses bad specs with 400', async () => {
    const [row] = await topologyWriteHook.beforeWrite!(
      [
        {
          spec: {
            kind: 'Topology',
            metadata: { name: 'shop', labels: { a: 'b' } },
            spec: { schedule: '@every 2m' },
          },
        },
      ],
      post,
    );
    expect(row).toMatchObject({
      name: 'shop',
      labels: { a: 'b' },
      schedule: '@every 2m',
      spec: { schedule: '@every 2m' },
    });
    await expect(
      topologyWriteHook.beforeWrite!([{ name: 'x', spec: { components: [{}] } }], post),
    ).rejects.toThrow(SpecWriteError);
    await expect(topologyWriteHook.beforeWrite!([{ spec: {} }], post)).rejects.toThrow(
      'name: This field is required',
    );
  });
});
