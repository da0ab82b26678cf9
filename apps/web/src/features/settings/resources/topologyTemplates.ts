import type { SpecTemplate } from '../../../ui/settings-resource/types.js';

/** Starting points for a new topology; picking one fills the spec's YAML. */
export const TOPOLOGY_TEMPLATES: readonly SpecTemplate[] = [
  {
    label: 'Kubernetes cluster',
    spec: {
      type: 'KubernetesCluster',
      icon: 'kubernetes',
      // One child a namespace, each with its deployments.
      lookup: { configs: [{ types: ['Kubernetes::Namespace'], tagSelector: 'cluster=my-cluster' }] },
      forEach: {
        type: 'Namespace',
        lookup: { configs: [{ types: ['Kubernetes::Deployment'], namespace: '$(.config.name)' }] },
        forEach: {
          type: 'Deployment',
          properties: [{ name: 'Replicas', headline: true, configLookup: { field: '$.spec.replicas' } }],
        },
      },
    },
  },
  {
    label: 'Application from a namespace',
    spec: {
      type: 'Application',
      icon: 'web',
      lookup: { configs: [{ types: ['Kubernetes::Deployment'], namespace: 'my-app' }] },
      forEach: {
        type: 'Deployment',
        checks: [{ selector: { labelSelector: 'app=$(.config.name)' } }],
        properties: [
          {
            name: 'Image',
            headline: true,
            configLookup: { field: '$.spec.template.spec.containers[0].image' },
          },
        ],
      },
    },
  },
];
