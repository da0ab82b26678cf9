export * from './incident-rule-spec.js';
export * from './incident.js';
export * from './responder-lookups.js';
