import { parse, stringify } from 'yaml';

/** The check types the guided form offers; 'other' opens the YAML editor alone. */
export const FORM_CHECK_TYPES = [
  { type: 'http', label: 'HTTP' },
  { type: 'tcp', label: 'TCP' },
  { type: 'dns', label: 'DNS' },
  { type: 'icmp', label: 'ICMP' },
  { type: 'exec', label: 'Exec' },
  { type: 'postgres', label: 'Postgres' },
  { type: 'redis', label: 'Redis' },
] as const;
export type FormCheckType = (typeof FORM_CHECK_TYPES)[number]['type'];
export const OTHER_TYPE = 'other';
export type CheckChoice = FormCheckType | typeof OTHER_TYPE;

export type CanaryTemplate = { label: string; type: FormCheckType; check: Record<string, unknown> };

/** Starting points for the common checks; picking one fills the form. */
export const CANARY_TEMPLATES: readonly CanaryTemplate[] = [
  {
    label: 'HTTP 200 with response time < 2 s',
    type: 'http',
    check: { name: 'http-200', url: 'https://example.com', responseCodes: [200], thresholdMillis: 2000 },
  },
  { label: 'TCP port open', type: 'tcp', check: { name: 'tcp-port', endpoint: 'example.com:443' } },
  {
    label: 'DNS A record resolves',
    type: 'dns',
    check: { name: 'dns-a', query: 'example.com', querytype: 'A', minrecords: 1 },
  },
  {
    label: 'Postgres SELECT 1',
    type: 'postgres',
    check: {
      name: 'postgres-select-1',
      url: 'postgres://db.local:5432/postgres',
      query: 'SELECT 1',
      results: 1,
    },
  },
];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type ParsedSpec = { ok: true; spec: Record<string, unknown> } | { ok: false; error: string };

/** The YAML text as a spec object, or why it cannot be one. Empty text is an empty spec. */
export function parseSpecText(text: string): ParsedSpec {
  try {
    const v: unknown = parse(text);
    if (v === null || v === undefined) return { ok: true, spec: {} };
    if (isObject(v)) return { ok: true, spec: v };
    return { ok: false, error: 'The spec must be a YAML object' };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The spec a whole canary-checker document wraps, or the spec itself. */
function body(spec: Record<string, unknown>): Record<string, unknown> {
  return spec.kind === 'Canary' && isObject(spec.spec) ? spec.spec : spec;
}

/** The first check type of the guided form the spec defines. */
export function formTypeOf(spec: Record<string, unknown>): FormCheckType | undefined {
  const b = body(spec);
  return FORM_CHECK_TYPES.find((t) => Array.isArray(b[t.type]))?.type;
}

/** The check the form edits: the first of its type. */
export function checkOf(spec: Record<string, unknown>, type: FormCheckType): Record<string, unknown> {
  const list = body(spec)[type];
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return isObject(first) ? first : {};
}

/** The spec with the first check of `type` replaced; the other checks stay as they were. */
export function withCheck(
  spec: Record<string, unknown>,
  type: FormCheckType,
  check: Record<string, unknown>,
): Record<string, unknown> {
  const b = body(spec);
  const list = Array.isArray(b[type]) ? (b[type] as unknown[]) : [];
  const next = { ...b, [type]: [check, ...list.slice(1)] };
  return b === spec ? next : { ...spec, spec: next };
}

/** A spec object as the YAML the Code view shows. */
export function specText(spec: Record<string, unknown>): string {
  return Object.keys(spec).length === 0 ? '' : stringify(spec);
}

/** The schedule lives in its own control, so the YAML shown leaves it out. */
export function splitSchedule(spec: Record<string, unknown>): {
  spec: Record<string, unknown>;
  schedule: string | undefined;
} {
  const b = body(spec);
  if (typeof b.schedule !== 'string') return { spec, schedule: undefined };
  const { schedule, ...rest } = b;
  return { spec: b === spec ? rest : { ...spec, spec: rest }, schedule };
}
