import type { DomainModule } from '../platform/domain.js';
import { logsJobs } from './jobs.js';
import { logsRoutes } from './routes.js';
import { logsSeed } from './seed.js';
import { loggingBackendWriteHook } from './write-hook.js';

/** Logs: the logging backends component logs are searched in, and POST /api/logs (docs/logs.md). */
export const logsDomain: DomainModule = {
  name: 'logs',
  routes: logsRoutes,
  jobs: logsJobs,
  seeds: [logsSeed],
  writeHooks: { logging_backends: loggingBackendWriteHook },
};
