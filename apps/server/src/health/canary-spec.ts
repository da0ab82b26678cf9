import {
  canaryResourceSchema,
  canarySpecSchema,
  type CanarySpec,
  type CheckType,
  canonicalCheckType,
  CHECK_TYPE_ALIASES,
  CHECK_TYPES,
} from '@opsdeck/shared';
import { readSpecObject } from '../lib/spec-object.js';
import { runnerFor } from './checks/registry.js';
import { checkSeverity } from './check-severity.js';
import { dependencyProblems } from './depends.js';
import { resolveTemplates } from './run-check.js';

export class CanarySpecError extends Error {}

export type CanaryMetadata = { name?: string; namespace?: string; labels?: Record<string, string> };

/** A check as a canary spec defines it, ready to store in `checks`. */
export type DefinedCheck = {
  type: CheckType;
  name: string;
  description: string | null;
  icon: string | null;
  namespace: string | null;
  labels: Record<string, string>;
  severity: string;
  endpoint: string;
  spec: Record<string, unknown>;
};

/**
 * Reads a canary spec as users give it: an object or YAML/JSON text, either the bare spec
 * or a whole canary-checker document (apiVersion/kind/metadata/spec). Throws
 * CanarySpecError with every problem, path first.
 */
export function parseCanarySpec(input: unknown): { spec: CanarySpec; metadata: CanaryMetadata } {
  const read = readSpecObject(input, CanarySpecError);
  const isDocument = (read as { kind?: unknown }).kind !== undefined;
  const value = isDocument
    ? { ...read, spec: singleChecksAsLists((read as { spec?: unknown }).spec) }
    : singleChecksAsLists(read);
  if (isDocument) {
    const doc = canaryResourceSchema.safeParse(resolveTemplates(value, SAMPLE_VARS));
    if (!doc.success) throw new CanarySpecError(describe(doc.error.issues));
    const original = value as { spec: CanarySpec };
    refuseBadUrls(original.spec);
    return { spec: original.spec, metadata: doc.data.metadata };
  }
  const parsed = canarySpecSchema.safeParse(resolveTemplates(value, SAMPLE_VARS));
  if (!parsed.success) throw new CanarySpecError(describe(parsed.error.issues, 'spec'));
  refuseBadUrls(value as CanarySpec);
  // The stored spec keeps its placeholders; they are resolved when the check runs.
  return { spec: value as CanarySpec, metadata: {} };
}

/**
 * canary-checker reads a check type given as one object (`http: {url: …}`, as inline canaries
 * in topologies are often written) as a list of that one check: stored as that list. The
 * webhook keeps its own form (one object is canary-checker's shape for it).
 */
function singleChecksAsLists(spec: unknown): unknown {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return spec;
  const out: Record<string, unknown> = { ...(spec as Record<string, unknown>) };
  for (const [key, given] of Object.entries(out)) {
    if (key === 'webhook' || !canonicalCheckType(key)) continue;
    if (given && typeof given === 'object' && !Array.isArray(given)) out[key] = [given];
  }
  return out;
}

/** `$(…)` and `{{…}}` placeholders are filled when the check runs, so they are not judged here. */
const TEMPLATE = /\$\([^)]*\)|\{\{[\s\S]*?\}\}/;

function isHttpUrl(text: string): boolean {
  if (TEMPLATE.test(text)) return true;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An http check's url (or its older name, endpoint) must be an http(s) URL: the schema
 * only asks for a non-empty string, and a typo would otherwise fail at every run.
 */
function refuseBadUrls(spec: CanarySpec): void {
  const problems: string[] = [];
  (spec.http ?? []).forEach((check, i) => {
    for (const field of ['url', 'endpoint'] as const) {
      const v = (check as Record<string, unknown>)[field];
      if (typeof v === 'string' && v !== '' && !isHttpUrl(v))
        problems.push(`spec.http.${i}.${field}: not a url`);
    }
  });
  if (problems.length) throw new CanarySpecError(problems.join('; '));
}

/** Stand-ins for run-time placeholders, so `127.0.0.1:{{port}}` validates as host:port. */
const SAMPLE_VARS = { port: '8080', dataDir: '/data' };

function describe(issues: { path: PropertyKey[]; message: string }[], prefix?: string): string {
  return issues
    .map((i) => {
      const where = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
      return where ? `${where}: ${i.message}` : i.message;
    })
    .join('; ');
}

type CommonCheck = {
  name?: string;
  description?: string;
  icon?: string;
  namespace?: string;
  labels?: Record<string, string>;
  severity?: string;
};

/**
 * canary-checker accepts several checks of one type with the same name. Here type + name
 * identify a check (its history), so the second `home` is `home (2)`, the third `home (3)`:
 * each is a check of its own, in the order the spec lists them (docs/health.md).
 */
function distinctName(name: string, taken: (name: string) => boolean): string {
  if (!taken(name)) return name;
  let n = 2;
  while (taken(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/** The checks a spec defines, named (a repeated name gets a number, distinctName) with their fields. */
export function definedChecks(
  spec: CanarySpec,
  canary: { labels: Record<string, string> },
  templateVars: Record<string, string> = {},
): DefinedCheck[] {
  const out: DefinedCheck[] = [];
  const seen = new Set<string>();
  const keys: [string, CheckType][] = [
    ...CHECK_TYPES.map((t): [string, CheckType] => [t, t]),
    ...Object.entries(CHECK_TYPE_ALIASES),
  ];
  for (const [specKey, type] of keys) {
    const given = (spec as Record<string, unknown>)[specKey];
    // canary-checker's webhook is a single object, not a list.
    const list = given && typeof given === 'object' && !Array.isArray(given) ? [given] : given;
    if (!Array.isArray(list)) continue;
    list.forEach((raw: unknown, i) => {
      const c = raw as CommonCheck & Record<string, unknown>;
      const runner = runnerFor(type);
      let endpoint = '';
      if (runner) {
        const parsed = runner.schema.safeParse(resolveTemplates(c, templateVars));
        if (parsed.success) endpoint = runner.endpoint(parsed.data);
      } else {
        endpoint = String(c.url ?? c.endpoint ?? c.path ?? '');
      }
      const given = c.name ?? (endpoint || `${type}-${i + 1}`);
      const name = distinctName(given, (n) => seen.has(`${type}/${n}`));
      seen.add(`${type}/${name}`);
      const labels = { ...canary.labels, ...(c.labels ?? {}) };
      out.push({
        type,
        name,
        description: c.description ?? null,
        icon: c.icon ?? null,
        namespace: c.namespace ?? null,
        labels,
        severity: checkSeverity(c.severity, labels),
        endpoint,
        spec: c,
      });
    });
  }
  const problems = dependencyProblems(out);
  if (problems.length) throw new CanarySpecError(problems.join('; '));
  return out;
}
