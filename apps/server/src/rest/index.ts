import type { DataWriteHooks } from '../platform/data-write-hook.js';
import type { DomainModule } from '../platform/domain.js';
import { restRoutes } from './routes.js';

/**
 * The data API (/api/db, PostgREST conventions). It runs the write hooks the other domains
 * declare, so it is built from them (domains.ts).
 */
export function restDomain(writeHooks: DataWriteHooks): DomainModule {
  return { name: 'rest', routes: (app, ctx) => restRoutes(app, ctx, writeHooks) };
}
