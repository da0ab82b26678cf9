import type { TopologySpec } from '@opsdeck/shared';
import type { SeedModule } from '../seed/types.js';

/**
 * Demo topologies over the demo catalog (the `demo-cluster` scraper's Kubernetes manifests
 * and AWS resources) and the demo health checks (canaries opsdeck-self, host-basics,
 * payments, edge): a cluster whose namespaces, services and pods are looked up from the
 * catalog, and two applications built from named checks and items. The first builds run
 * within seconds of start; lookups fill in once the catalog scraper has run.
 */
const DEMO_CLUSTER: TopologySpec = {
  // Often enough that the namespaces appear soon after the catalog's first scrape.
  schedule: '@every 30s',
  type: 'KubernetesCluster',
  icon: 'kubernetes',
  text: 'EKS · eu-west-1',
  teams: ['Platform'],
  properties: [
    {
      name: 'Version',
      headline: true,
      configLookup: { config: { types: ['AWS::EKS::Cluster'], name: 'demo-cluster' }, field: '$..Version' },
    },
    {
      name: 'API latency',
      headline: true,
      checkLookup: { check: { name: 'api-liveness', namespace: 'platform' }, field: 'duration' },
    },
  ],
  checks: [{ selector: { namespace: 'platform' } }],
  configs: [{ types: ['AWS::EKS::Cluster'], name: 'demo-cluster' }],
  lookup: { configs: [{ types: ['Kubernetes::Namespace'], tagSelector: 'cluster=demo-cluster' }] },
  forEach: {
    type: 'Namespace',
    icon: 'namespace',
    teams: ['$(.config.labels.team)'],
    checks: [{ selector: { labelSelector: 'team=$(.config.labels.team)' } }],
    properties: [{ name: 'Phase', headline: true, configLookup: { field: '$.status.phase' } }],
    lookup: { configs: [{ types: ['Kubernetes::Service'], namespace: '$(.config.name)' }] },
    forEach: {
      type: 'Service',
      icon: 'service',
      properties: [
        { name: 'Type', headline: true, configLookup: { field: '$.spec.type' } },
        { name: 'Port', configLookup: { field: '$.spec.ports[0].port' } },
      ],
      lookup: {
        configs: [
          {
            types: ['Kubernetes::Pod'],
            namespace: '$(.config.namespace)',
            labelSelector: 'app=$(.config.name)',
          },
        ],
      },
      forEach: {
        type: 'Pod',
        icon: 'pod',
        external_id: '$(.config.namespace)/$(.config.name)',
        logs: [{ name: 'container', type: 'kubernetes' }],
        properties: [
          { name: 'Image', headline: true, configLookup: { field: '$.spec.containers[0].image' } },
          { name: 'Node', configLookup: { field: '$.spec.nodeName' } },
          {
            name: 'Restarts',
            headline: true,
            configLookup: { field: '$.status.containerStatuses[0].restartCount' },
          },
        ],
      },
    },
  },
};

const PAYMENTS: TopologySpec = {
  schedule: '@every 1m',
  type: 'Application',
  icon: 'database',
  text: 'Card payments and settlement',
  teams: ['Payments'],
  selectors: [{ name: 'payments', types: ['Namespace'] }],
  components: [
    {
      name: 'Payments API',
      type: 'API',
      icon: 'http',
      checks: [{ selector: { name: 'legacy-billing-api' } }],
      configs: [{ types: ['Kubernetes::Deployment'], name: 'payments-api' }],
      properties: [
        {
          name: 'Billing API',
          headline: true,
          checkLookup: { check: { name: 'legacy-billing-api' }, field: 'status' },
        },
      ],
    },
    {
      name: 'Ledger',
      type: 'Database',
      icon: 'postgres',
      checks: [{ selector: { name: 'ledger-db' } }, { selector: { name: 'settlement-queue' } }],
      configs: [
        { types: ['AWS::RDS::DBInstance'], name: 'payments-primary' },
        { types: ['AWS::S3::Bucket'], name: 'acme-ledger-archive' },
        { types: ['Kubernetes::Deployment'], name: 'ledger-worker' },
      ],
      properties: [
        {
          name: 'Queue',
          headline: true,
          checkLookup: { check: { name: 'settlement-queue' }, field: 'message' },
        },
      ],
    },
    {
      name: 'Fraud scoring',
      type: 'Worker',
      icon: 'shield',
      configs: [{ types: ['Kubernetes::Deployment'], name: 'fraud-scorer' }],
    },
  ],
};

const STOREFRONT: TopologySpec = {
  schedule: '@every 1m',
  type: 'Application',
  icon: 'network',
  text: 'Public shop and CDN',
  teams: ['Edge'],
  selectors: [{ name: 'storefront', types: ['Namespace'] }],
  components: [
    {
      name: 'Checkout',
      type: 'Website',
      icon: 'http',
      // Its nginx logs: the demo file backend answers ids starting nginx- (logs/seed.ts).
      external_id: 'nginx-checkout',
      logs: [
        { name: 'access', type: 'file', labels: { type: 'access' } },
        { name: 'error', type: 'file', labels: { type: 'error' } },
      ],
      checks: [{ selector: { name: 'status-page' } }],
      configs: [
        { types: ['AWS::ElasticLoadBalancingV2::LoadBalancer'], name: 'checkout-public' },
        { types: ['Kubernetes::Deployment'], name: 'checkout-web' },
      ],
      properties: [
        {
          name: 'Status page',
          headline: true,
          checkLookup: { check: { name: 'status-page' }, field: 'message' },
        },
      ],
    },
    {
      name: 'Assets CDN',
      type: 'CDN',
      icon: 'cloud',
      checks: [{ selector: { name: 'cdn-purge-worker' } }],
      configs: [{ types: ['AWS::S3::Bucket'], name: 'acme-storefront-assets' }],
    },
  ],
};

const TOPOLOGIES: { name: string; labels: Record<string, string>; spec: TopologySpec }[] = [
  { name: 'demo-cluster', labels: { env: 'demo', team: 'platform' }, spec: DEMO_CLUSTER },
  { name: 'payments', labels: { env: 'demo', team: 'payments' }, spec: PAYMENTS },
  { name: 'storefront', labels: { env: 'demo', team: 'edge' }, spec: STOREFRONT },
];

/** Inserts the demo topologies; the topology scheduler builds them right after start. */
export const topologySeed: SeedModule = {
  name: 'topology',
  async run(tx) {
    for (const t of TOPOLOGIES) {
      await tx.query(
        `INSERT INTO topologies (name, namespace, labels, spec, schedule, source, created_by)
         VALUES ($1, 'default', $2, $3, $4, 'demo', (SELECT id FROM people WHERE email = 'priya.raman@example.com'))`,
        [t.name, JSON.stringify(t.labels), JSON.stringify(t.spec), t.spec.schedule ?? null],
      );
    }
  },
};
