export * from './incident-rule-spec.js';
export * from './incident.js';
