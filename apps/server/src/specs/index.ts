import type { DomainModule } from '../platform/domain.js';
import { specsRoutes } from './unresolved-route.js';

export { runSpecCommand, SPEC_USAGE } from './command.js';

/**
 * Specs as code (docs/specs-as-code.md): `opsdeck apply|diff|delete` (a client of a running
 * console, in command.ts) and, on the server, what an applied object names that does not exist yet.
 */
export const specsDomain: DomainModule = {
  name: 'specs',
  routes: specsRoutes,
};
