/** What other areas may use from the health area. */
export { checksSource } from './search.js';
export type { CheckSummary } from './api/types.js';
