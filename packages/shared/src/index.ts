export * from './constants.js';
export * from './resources.js';
