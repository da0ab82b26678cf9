export * from './topology-spec.js';
