import type { JobDefinition } from './scheduler.js';
import { jobHistoryRetention } from './retention.js';
import { healthJobs } from '../health/jobs.js';
import { catalogJobs } from '../catalog/jobs.js';
import { topologyJobs } from '../topology/jobs.js';

/** Every background job of the server; each area appends its own. */
export const jobs: JobDefinition[] = [jobHistoryRetention, ...healthJobs, ...catalogJobs, ...topologyJobs];
