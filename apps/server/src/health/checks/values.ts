import type { EnvVarValue } from '@opsdeck/shared';

/**
 * Resolves an inline value. References to secrets and config maps need a Kubernetes
 * cluster or the connections store, which checks cannot read yet: they fail clearly.
 */
export function resolveValue(
  v: EnvVarValue | { value?: string; valueFrom?: unknown } | undefined,
): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (v.value !== undefined) return v.value;
  if (v.valueFrom)
    throw new Error('valueFrom references (secrets, config maps) are not supported; give the value inline');
  return undefined;
}

/** Cuts long strings so stored details stay small. */
export function clip(s: string, max = 4096): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}
