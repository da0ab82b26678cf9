export * from './notification-spec.js';
export * from './history.js';
export * from './silence.js';
export * from './test-message.js';
