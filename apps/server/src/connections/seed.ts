import { connectionType } from '@opsdeck/shared';
import type { SeedModule } from '../seed/types.js';

const WEBHOOK_PROPERTIES = {
  url: 'http://127.0.0.1:9000/opsdeck-alerts',
  contentType: 'application/json',
  requestMethod: 'POST',
  messageKey: 'message',
  titleKey: 'title',
};

/**
 * Demo connections, so the Connections page is not empty: the console's own liveness probe
 * (used by the `opsdeck-self` demo canary as `connection://platform/opsdeck-api`; `{{port}}`
 * is the port the server listens on), a generic webhook and a mail relay on loopback that
 * Test Connection reports as unreachable until something listens there. None holds a secret:
 * seeds run without the server's key.
 */
const CONNECTIONS = [
  {
    name: 'opsdeck-api',
    namespace: 'platform',
    type: 'http',
    url: 'http://127.0.0.1:{{port}}/healthz',
    properties: {},
  },
  {
    name: 'ops-webhook',
    namespace: 'platform',
    type: 'generic_webhook',
    url: connectionType('generic_webhook')?.senderUrl?.(
      Object.fromEntries(Object.entries(WEBHOOK_PROPERTIES).map(([k, v]) => [`properties.${k}`, v])),
    ),
    properties: WEBHOOK_PROPERTIES,
  },
  {
    name: 'local-mail-relay',
    namespace: 'default',
    type: 'email',
    url: connectionType('email')?.senderUrl?.({
      'properties.host': '127.0.0.1',
      'properties.port': '1025',
      'properties.from': 'opsdeck@example.org',
    }),
    properties: {
      host: '127.0.0.1',
      port: '1025',
      from: 'opsdeck@example.org',
      fromName: 'Opsdeck',
      to: 'oncall@example.org',
      encryption: 'None',
      auth: 'None',
    },
  },
];

export const connectionsSeed: SeedModule = {
  name: 'connections',
  async run(tx) {
    for (const c of CONNECTIONS) {
      await tx.query(
        `INSERT INTO connections (name, namespace, type, url, properties, source)
         VALUES ($1, $2, $3, $4, $5::jsonb, 'demo')
         ON CONFLICT (name, namespace) WHERE deleted_at IS NULL DO NOTHING`,
        [c.name, c.namespace, c.type, c.url ?? null, JSON.stringify(c.properties)],
      );
    }
  },
};
