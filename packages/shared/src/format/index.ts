export * from './duration.js';
export * from './number.js';
export * from './time.js';
