export * from './window.js';
export * from './occurrences.js';
