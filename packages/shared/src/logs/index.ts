export * from './logging-backend-spec.js';
export * from './log-search.js';
