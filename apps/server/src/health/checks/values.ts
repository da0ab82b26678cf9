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

/** Parses a Go duration ("1h30m", "500ms", "2d") or a number of milliseconds. */
export function durationMs(v: string | number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
    d: 86_400_000,
  };
  let total = 0;
  let matched = '';
  for (const m of v.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g)) {
    total += Number(m[1]) * (units[m[2] ?? 'ms'] ?? 1);
    matched += m[0];
  }
  return matched === v && matched !== '' ? total : undefined;
}

/** Cuts long strings so stored details stay small. */
export function clip(s: string, max = 4096): string {
  return s.length > max ? `${s.slice(0, max)}… (${s.length - max} more characters)` : s;
}
