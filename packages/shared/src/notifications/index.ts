export * from './notification-spec.js';
