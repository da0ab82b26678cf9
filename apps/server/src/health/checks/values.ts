import { inlineValue, type ValueField } from '../../lib/inline-value.js';

/**
 * An inline value. `valueFrom` references were already replaced by their values before the
 * runner started (checks/env.ts); one left here is a bug, reported as such.
 */
export const resolveValue = (v: ValueField, what = 'value'): string | undefined =>
  inlineValue(v, { what, valueFrom: 'resolved' });

/** Cuts long strings so stored details stay small. */
export function clip(s: string, max = 4096): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}
