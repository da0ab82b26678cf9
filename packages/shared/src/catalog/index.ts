export * from './duration.js';
export * from './schedule.js';
export * from './scrape-config.js';
