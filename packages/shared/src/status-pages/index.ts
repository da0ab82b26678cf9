export * from './status-page.js';
