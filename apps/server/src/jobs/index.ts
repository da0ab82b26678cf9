import type { JobDefinition } from './scheduler.js';
import { jobHistoryRetention } from './retention.js';
import { healthJobs } from '../health/jobs.js';

/** Every background job of the server; each area appends its own. */
export const jobs: JobDefinition[] = [jobHistoryRetention, ...healthJobs];
