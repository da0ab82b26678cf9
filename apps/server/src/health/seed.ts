import type { SeedModule } from '../seed/types.js';
import { syncCanaryChecks } from './sync.js';

/**
 * Demo canaries that probe real local targets, so a new user sees live, changing health:
 * the server's own endpoints and port ({{port}} is resolved at run time), DNS of
 * localhost, the data folder, scripts; a few fail on purpose and one flaps every minute.
 */
const CANARIES: {
  name: string;
  namespace: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}[] = [
  {
    name: 'opsdeck-self',
    namespace: 'platform',
    labels: { team: 'platform', env: 'demo', critical: 'true' },
    spec: {
      schedule: '@every 30s',
      http: [
        {
          name: 'api-liveness',
          description: 'The console API answers its liveness probe',
          icon: 'http',
          url: 'http://127.0.0.1:{{port}}/healthz',
          responseCodes: [200],
          responseContent: 'ok',
          thresholdMillis: 2000,
        },
        {
          name: 'api-readiness',
          description: 'The console API reaches its database',
          url: 'http://127.0.0.1:{{port}}/readyz',
          responseCodes: [200],
          test: { expr: "json.status == 'ok'" },
          display: { expr: "'database ' + json.status" },
        },
        {
          name: 'api-liveness-by-connection',
          description: 'The liveness probe through the demo connection platform/opsdeck-api',
          connection: 'connection://platform/opsdeck-api',
          responseCodes: [200],
        },
      ],
      tcp: [
        {
          name: 'api-port',
          description: 'The HTTP port accepts connections',
          endpoint: '127.0.0.1:{{port}}',
        },
      ],
    },
  },
  {
    name: 'host-basics',
    namespace: 'platform',
    labels: { team: 'platform', env: 'demo', critical: 'false' },
    spec: {
      schedule: '@every 1m',
      dns: [{ name: 'resolve-localhost', query: 'localhost', querytype: 'A', minrecords: 1 }],
      // DATA_DIR/files: the folder file checks and scrapers may read (a default file root).
      folder: [{ name: 'data-dir', description: 'The files folder is readable', path: '{{dataDir}}/files' }],
      exec: [
        {
          name: 'disk-space',
          description: 'Free space on the data volume',
          script: "df -P '{{dataDir}}' | awk 'NR==2 {print $5}'",
          display: { expr: "'disk used: ' + stdout" },
        },
      ],
    },
  },
  {
    name: 'payments',
    namespace: 'payments',
    labels: { team: 'payments', env: 'demo', critical: 'true' },
    spec: {
      schedule: '@every 30s',
      http: [
        {
          name: 'legacy-billing-api',
          description: 'Retired endpoint still probed: fails with 404 on purpose',
          url: 'http://127.0.0.1:{{port}}/api/v0/billing',
          responseCodes: [200],
          // Linked to the demo catalog's deployment once it has been scraped.
          relationships: { configs: [{ type: 'Kubernetes::Deployment', name: 'payments-api' }] },
        },
      ],
      tcp: [
        {
          name: 'ledger-db',
          description: 'Nothing listens here: connection refused on purpose',
          endpoint: '127.0.0.1:9',
          relationships: { configs: [{ type: 'Kubernetes::Deployment', name: 'ledger-worker' }] },
        },
      ],
      exec: [
        {
          name: 'settlement-queue',
          description: 'Flaps: fails on odd minutes',
          script:
            'm=$(date +%M); if [ $((10#$m % 2)) -eq 0 ]; then echo "queue depth 12"; else echo "queue depth 1200 (backlog)" >&2; exit 1; fi',
        },
      ],
    },
  },
  {
    name: 'edge',
    namespace: 'edge',
    labels: { team: 'edge', env: 'demo', critical: 'false' },
    spec: {
      schedule: '@every 1m',
      http: [
        {
          name: 'status-page',
          description: 'The public status page renders',
          url: 'http://127.0.0.1:{{port}}/api/about',
          responseCodes: [200],
          test: { expr: 'has(json.version)' },
          display: { expr: "'version ' + json.version" },
        },
      ],
      exec: [
        {
          name: 'cdn-purge-worker',
          description: 'A worker that is always healthy',
          script: 'echo purged 0 objects',
        },
      ],
    },
  },
];

export const healthSeed: SeedModule = {
  name: 'health',
  async run(tx) {
    for (const c of CANARIES) {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO canaries (name, namespace, labels, spec, schedule, source) VALUES ($1, $2, $3, $4, $5, 'UI') RETURNING id`,
        [c.name, c.namespace, JSON.stringify(c.labels), JSON.stringify(c.spec), c.spec.schedule],
      );
      await syncCanaryChecks(tx, rows[0]?.id ?? '');
    }
  },
};

/**
 * Demo installs made before file roots existed check `{{dataDir}}` itself, which is now outside
 * the roots: point that one demo check at DATA_DIR/files, as new installs do. Rows a person
 * has edited since are left alone.
 */
export const healthFileRootsSeed: SeedModule = {
  name: 'health-file-roots',
  upgrade: true,
  async run(tx) {
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE canaries SET spec = jsonb_set(spec, '{folder,0}', spec->'folder'->0 || $1::jsonb), updated_at = now()
       WHERE name = 'host-basics' AND namespace = 'platform' AND deleted_at IS NULL
         AND spec->'folder'->0->>'path' = '{{dataDir}}'
       RETURNING id`,
      [JSON.stringify({ path: '{{dataDir}}/files', description: 'The files folder is readable' })],
    );
    for (const row of rows) await syncCanaryChecks(tx, row.id);
  },
};
