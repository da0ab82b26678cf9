import { jobHistoryRetention } from '../jobs/retention.js';
import type { DomainModule } from './domain.js';
import { platformRoutes } from './routes.js';

/** The server itself: liveness, readiness, metrics, version, and job-history retention. */
export const platformDomain: DomainModule = {
  name: 'platform',
  routes: platformRoutes,
  jobs: [jobHistoryRetention],
};
