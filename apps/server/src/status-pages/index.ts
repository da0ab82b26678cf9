import type { DomainModule } from '../platform/domain.js';
import { installCustomDomains } from './custom-domain.js';
import { statusPagesRoutes } from './routes.js';
import { statusPagesSeed } from './seed.js';
import { statusPageWriteHook } from './write-hook.js';

/**
 * Public status pages (docs/status-pages.md): pages defined under Settings or by
 * `opsdeck apply`, served without sign-in at /status/{slug} (web) and /api/status/{slug}
 * (JSON, Atom), and on a page's custom domain.
 */
export const statusPagesDomain: DomainModule = {
  name: 'status-pages',
  async install(app, ctx) {
    installCustomDomains(app, ctx);
  },
  routes: statusPagesRoutes,
  seeds: [statusPagesSeed],
  writeHooks: { status_pages: statusPageWriteHook },
};
