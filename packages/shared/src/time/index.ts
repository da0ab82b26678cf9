export * from './relative.js';
export * from './ranges.js';
