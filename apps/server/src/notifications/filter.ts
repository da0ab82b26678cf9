import type { Queryable } from '../db/types.js';
import { CelError, evalCelBool } from '../expr/index.js';
import { storeRuleError } from './rule.js';

/**
 * A rule's (or a team entry's) CEL filter over the event's variables. No filter passes. A
 * filter that fails at run time stores its error on the rule (the Rules table shows it) and
 * does not pass; the rule rests for a while and is tried again (rule.ts).
 */
export async function passesFilter(
  db: Queryable,
  ruleId: string,
  filter: string | null | undefined,
  vars: Record<string, unknown>,
): Promise<boolean> {
  if (!filter?.trim()) return true;
  try {
    return evalCelBool(filter, vars);
  } catch (e) {
    const message = e instanceof CelError || e instanceof Error ? e.message : String(e);
    await storeRuleError(db, ruleId, `filter: ${message}`);
    return false;
  }
}
