import type { RunTarget } from '../api/types.js';

function hasSelectors(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

/** The kind of resource a playbook runs on, from its spec's selectors; undefined: none needed. */
export function targetKindOf(
  spec: Record<string, unknown> | null | undefined,
): RunTarget['kind'] | undefined {
  if (!spec) return undefined;
  if (hasSelectors(spec.configs)) return 'config';
  if (hasSelectors(spec.checks)) return 'check';
  if (hasSelectors(spec.components)) return 'component';
  return undefined;
}

export const KIND_LABEL: Record<RunTarget['kind'], string> = {
  config: 'Catalog item',
  check: 'Health check',
  component: 'Component',
};
