import { limitKeys } from '../services.js';
import { ERRORS } from './errors.js';
import type { FlowRequest, SubmitResult } from './types.js';

/**
 * Counts an attempt of `family` from this IP (and for `account` when known); the error answer
 * when either is over its limit, undefined while both are within it.
 */
export async function overAttemptLimit(
  fr: FlowRequest,
  family: string,
  account?: string,
): Promise<SubmitResult | undefined> {
  if (await fr.svc.limiter.hit(limitKeys(fr.svc, family, fr.req.ip, account))) return undefined;
  return { kind: 'error', error: ERRORS.tooMany() };
}
