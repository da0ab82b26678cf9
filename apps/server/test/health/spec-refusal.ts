import { CanarySpecError, parseCanarySpec } from '../../src/health/canary-spec.js';

/** The 400 message a canary spec is refused with; throws when the spec is accepted. */
export function refusal(input: unknown): string {
  try {
    parseCanarySpec(input);
  } catch (e) {
    if (e instanceof CanarySpecError) return e.message;
    throw e;
  }
  throw new Error('the spec was accepted');
}
