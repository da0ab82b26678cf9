export * from './constants.js';
export * from './resources.js';
export * from './rbac.js';
export * from './format/index.js';
export * from './time/index.js';
export * from './health/canary-spec.js';
export * from './catalog/index.js';
export * from './topology/index.js';
