export * from './playbook-spec.js';
export * from './run-status.js';
