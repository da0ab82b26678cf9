import type { EnvVarValue } from '@opsdeck/shared';

/** A value as specs give it: text, `{value}` or `{valueFrom: …}` (EnvVarValue), possibly not yet validated. */
export type ValueField = EnvVarValue | { value?: unknown; valueFrom?: unknown } | null | undefined;

/**
 * What a `valueFrom` still present means to the caller:
 * - `resolved`: references were replaced by their values before (health checks, `checks/env.ts`),
 *   so one left over is a bug, reported as such;
 * - `unsupported`: the caller reads no Kubernetes secret or config map (playbook actions, log
 *   backends), so the spec must give the value inline.
 */
export type ValueFromHandling = 'resolved' | 'unsupported';

/** A `valueFrom` the caller cannot read; the message names the field. */
export class ValueFromError extends Error {}

/**
 * The inline text of a `{value | valueFrom}` field, undefined when none is given. `valueFrom` is
 * never read here: it throws a ValueFromError naming `what`, as `valueFrom` says.
 */
export function inlineValue(
  v: ValueField,
  o: { what: string; valueFrom: ValueFromHandling },
): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v.value === 'string') return v.value;
  if (v.valueFrom !== undefined && v.valueFrom !== null) {
    throw new ValueFromError(
      o.valueFrom === 'resolved'
        ? `${o.what}: a valueFrom reference was not resolved before it was used`
        : `${o.what}: valueFrom references (secrets, config maps) are not supported; give the value inline`,
    );
  }
  return undefined;
}
