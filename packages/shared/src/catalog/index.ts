export * from './schedule.js';
export * from './scrape-config.js';
