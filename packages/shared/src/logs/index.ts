export * from './logging-backend-spec.js';
