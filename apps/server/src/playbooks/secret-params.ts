import { REDACTED_PARAMETER, type PlaybookParameter } from '@opsdeck/shared';
import { seal, unseal } from '../connections/index.js';
import type { SecretBox } from '../lib/secrets/index.js';
import { badRequest } from '../platform/http-error.js';

/**
 * Parameters of `type: secret` (docs/playbooks.md, "Secret parameters"): their values are
 * sealed (`enc:`, as connection secrets, so the data API masks them) with the server's one
 * secret store into `playbook_runs.secret_parameters`, and
 * `parameters` keeps `[REDACTED]` in their place, so every reader of the run (data API, run
 * API, run page, logs) sees that and only the run's actions get the clear value.
 */

const secretNames = (params: readonly PlaybookParameter[] | undefined): string[] =>
  (params ?? []).filter((p) => p.type === 'secret').map((p) => p.name);

/** The values as stored: secret ones sealed apart and `[REDACTED]` among the others. */
export function sealSecretParams(
  params: readonly PlaybookParameter[],
  values: Readonly<Record<string, string>>,
  box: SecretBox | undefined,
): { parameters: Record<string, string>; sealed: Record<string, string> | null } {
  const parameters = { ...values };
  const sealed: Record<string, string> = {};
  for (const name of secretNames(params)) {
    const value = values[name];
    if (value === undefined || value === '') continue;
    if (!box) throw badRequest(`parameter ${name}: secret parameters need the server's secret store`);
    sealed[name] = seal(box, value);
    parameters[name] = REDACTED_PARAMETER;
  }
  return { parameters, sealed: Object.keys(sealed).length ? sealed : null };
}

const isTextMap = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => typeof x === 'string');

/** A run's parameter values with its secret ones opened: what its actions get. */
export function openSecretParams(
  parameters: Record<string, string> | null,
  sealed: unknown,
  box: SecretBox | undefined,
): Record<string, string> {
  const out = { ...(parameters ?? {}) };
  if (!isTextMap(sealed) || Object.keys(sealed).length === 0) return out;
  if (!box) throw new Error("the run's secret parameters need the server's secret store");
  for (const [name, text] of Object.entries(sealed))
    out[name] = unseal(box, text, `secret parameter ${name}`);
  return out;
}

/** The clear values of a run's secret parameters, longest first (for scrubbing outputs). */
export function secretValues(
  params: readonly PlaybookParameter[] | undefined,
  values: Readonly<Record<string, unknown>>,
): string[] {
  return secretNames(params)
    .map((n) => values[n])
    .filter((v): v is string => typeof v === 'string' && v.length >= 3)
    .sort((a, b) => b.length - a.length);
}

/** `value` with every secret inside its strings replaced by `[REDACTED]` (object keys too). */
export function scrubSecrets<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const text = (s: string) => secrets.reduce((acc, secret) => acc.split(secret).join(REDACTED_PARAMETER), s);
  const visit = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map(visit);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), visit(x)]));
    return v;
  };
  return visit(value) as T;
}
