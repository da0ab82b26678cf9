import type { DataWriteHook } from './data-write-hook.js';

/**
 * Wraps a table's write hook so a created row names who created it: a POST's rows get
 * `created_by` = the person the request acts as, whatever the body says. Without a person
 * (a seed, a test without sign-in) the body's value stays.
 */
export function withCreatedBy(hook: DataWriteHook): DataWriteHook {
  return {
    ...hook,
    async beforeWrite(rows, w) {
      const checked = hook.beforeWrite ? await hook.beforeWrite(rows, w) : rows;
      const personId = w.req.principal?.personId;
      if (w.method !== 'POST' || !personId) return checked;
      return checked.map((row) => ({ ...row, created_by: personId }));
    },
  };
}
