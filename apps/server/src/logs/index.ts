import type { DomainModule } from '../platform/domain.js';
import { logsRoutes } from './routes.js';
import { logsSeed } from './seed.js';
import { loggingBackendWriteHook } from './write-hook.js';

/** Logs: the logging backends component logs are searched in (the search itself comes later). */
export const logsDomain: DomainModule = {
  name: 'logs',
  routes: logsRoutes,
  seeds: [logsSeed],
  writeHooks: { logging_backends: loggingBackendWriteHook },
};
