/**
 * The durable playbook run engine (docs/playbooks.md, Run engine). The playbooks domain
 * registers `playbookEngineJobs`; tests and the benchmark drive `runDuePlaybooks` directly.
 */
export { playbookEngineJob, playbookEngineJobs } from './job.js';
export { runDuePlaybooks, type RunDueOptions, type RunDueResult } from './loop.js';
export { engineOptions, type EngineOptions } from './options.js';
export { nextStep, retryWaitMs, type ActionRow, type Step } from './plan.js';
export { sweep, STOPPED_MESSAGE } from './sweep.js';
