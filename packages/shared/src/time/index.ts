export * from './duration.js';
export * from './relative.js';
export * from './ranges.js';
export * from './schedule.js';
