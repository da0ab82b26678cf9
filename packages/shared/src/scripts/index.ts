export * from './script-env.js';
export * from './script-lint.js';
export * from './gotemplate-header.js';
