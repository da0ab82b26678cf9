export * from './incident-rule-spec.js';
