import type { JobDefinition } from '../jobs/scheduler.js';
import { appendDemoLines } from './demo.js';

/** In demo mode the demo's nginx keeps serving: new log lines every minute. */
const demoLogActivity: JobDefinition = {
  name: 'DemoLogActivity',
  recordEmptyRuns: false,
  cron: '* * * * *',
  async run(ctx) {
    if (!ctx.config.demo) return;
    return { success: appendDemoLines(ctx.config.dataDir) };
  },
};

export const logsJobs: JobDefinition[] = [demoLogActivity];
