import type { JobDefinition } from '../jobs/scheduler.js';
import { checkConfigLinksJob } from './config-links.js';
import { checkStatusRetention, checkStatusRollup } from './rollup.js';
import { canaryScheduler } from './scheduler.js';

/** The health area's background jobs (in the health module, index.ts). */
export const healthJobs: JobDefinition[] = [
  canaryScheduler,
  checkStatusRollup,
  checkStatusRetention,
  checkConfigLinksJob,
];
