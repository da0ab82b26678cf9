import type { EnvVarValue } from '@opsdeck/shared';

/**
 * An inline value. `valueFrom` references were already replaced by their values before the
 * runner started (checks/env.ts); one left here is a bug, reported as such.
 */
export function resolveValue(
  v: EnvVarValue | { value?: string; valueFrom?: unknown } | undefined,
): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (v.value !== undefined) return v.value;
  if (v.valueFrom) throw new Error('a valueFrom reference was not resolved before the check ran');
  return undefined;
}

/** Cuts long strings so stored details stay small. */
export function clip(s: string, max = 4096): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}
