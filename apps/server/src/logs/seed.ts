import type { LoggingBackendSpec } from '@opsdeck/shared';
import type { SeedModule } from '../seed/types.js';
import { DEMO_LOGS_PATH } from './demo.js';

/**
 * apm-hub's sample: nginx logs read from files, answering searches for nginx components (the
 * demo's Checkout component, external id `nginx-checkout`). The files are the bundled demo
 * logs, copied under DATA_DIR/files (demo.ts).
 */
const NGINX_FILES: LoggingBackendSpec = {
  backends: [
    {
      file: {
        path: [`${DEMO_LOGS_PATH}/nginx-access*.log`],
        routes: [{ idPrefix: 'nginx-', labels: { type: 'access' } }],
        labels: { app: 'nginx', source: 'file' },
      },
    },
    {
      file: {
        path: [`${DEMO_LOGS_PATH}/nginx-error*.log`],
        routes: [{ idPrefix: 'nginx-', labels: { type: 'error' } }],
        labels: { app: 'nginx', source: 'file' },
      },
    },
  ],
};

/** A demo logging backend, so Settings › Log Backends is not empty. */
export const logsSeed: SeedModule = {
  name: 'logs',
  async run(tx) {
    await tx.query(
      `INSERT INTO logging_backends (name, namespace, labels, spec, source, created_by)
       VALUES ('nginx-files', 'default', $1, $2, 'demo',
               (SELECT id FROM people WHERE email = 'priya.raman@example.com'))`,
      [JSON.stringify({ env: 'demo', team: 'edge' }), JSON.stringify(NGINX_FILES)],
    );
  },
};
