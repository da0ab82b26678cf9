export { componentsSource } from './search.js';
