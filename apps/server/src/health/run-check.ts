import { parseDuration } from '@opsdeck/shared';
import { isConnectionReference, type ConnectionResolver } from '../connections/index.js';
import type { Queryable } from '../db/types.js';
import { untilAborted } from '../lib/abort.js';
import { defaultOutboundPolicy, OutboundRefusedError, type OutboundPolicy } from '../net/outbound.js';
import type { SandboxPolicy } from '../sandbox/policy.js';
import { applyCheckExpressions, type ExpressionFields, type TransformedCheck } from './check-expressions.js';
import { applyConnection, NESTED_CONNECTIONS } from './checks/connection.js';
import { resolveValueRefs } from './checks/env.js';
import type { DependencyOutput } from './depends.js';
import type { KubeValueReader } from './checks/kube-values.js';
import { runnerFor } from './checks/registry.js';
import type { RunOutcome } from './checks/types.js';

export type CheckResult = {
  time: Date;
  pass: boolean;
  durationMs: number;
  message: string;
  error: string | null;
  details: Record<string, unknown>;
  /** Checks a `transform` produced under other names (canary-checker makes each a check). */
  transformed?: TransformedCheck[];
};

export type ExecuteOptions = {
  /** Used when the check spec has no `timeout`. */
  defaultTimeoutMs: number;
  /** Who scripts run as (or DISABLE_EXEC) and which folders may be read. */
  sandbox: SandboxPolicy;
  /** Values for `{{name}}` placeholders in string fields (port, dataDir). */
  templateVars: Record<string, string>;
  /** Which peers may be reached: the server passes its Config's; omitted, the Config defaults. */
  outbound?: OutboundPolicy;
  /** Resolves a check's `connection:` reference; omitted, such references fail the check. */
  connections?: ConnectionResolver;
  /** Reads `valueFrom.secretKeyRef` / `configMapKeyRef`; omitted, such references fail the check. */
  kubernetes?: KubeValueReader;
  /** Namespace for secret and config map references when the check names none (its canary's). */
  namespace?: string;
  /** The server's database, for catalog and configDB checks; omitted, they fail clearly. */
  db?: Queryable;
  /** Results of the checks this one depends on, for `outputs.<name>` in its expressions. */
  outputs?: Record<string, DependencyOutput>;
};

export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;
const MAX_CHECK_TIMEOUT_MS = 5 * 60_000;

/** Replaces `{{port}}` / `{{ .port }}` in every string of the spec. */
export function resolveTemplates(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(/\{\{\s*\.?(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
  }
  if (Array.isArray(value)) return value.map((v) => resolveTemplates(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveTemplates(v, vars)]));
  }
  return value;
}

/** JSON-safe copy (bigint → number, drops undefined). */
function jsonSafe(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(data, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
  ) as Record<string, unknown>;
}

type CommonFields = ExpressionFields & { thresholdMillis?: number; timeout?: string | number };

/**
 * Runs one check: validates its spec, runs its type's runner under a time limit, then
 * applies thresholdMillis, then `transform`, `display` and `test` (check-expressions.ts).
 * Never throws: every failure becomes an unhealthy result with the reason.
 */
export async function executeCheck(
  type: string,
  rawSpec: unknown,
  opts: ExecuteOptions,
): Promise<CheckResult> {
  const time = new Date();
  const started = performance.now();
  const done = (outcome: RunOutcome): CheckResult => ({
    time,
    pass: outcome.pass,
    durationMs: Math.round(performance.now() - started),
    message: outcome.message,
    error: outcome.error ?? null,
    details: jsonSafe(outcome.data),
  });
  const runner = runnerFor(type);
  if (!runner)
    return done({
      pass: false,
      message: '',
      error: `${type} checks are accepted but not run by this server`,
      data: {},
    });
  let withConnection: unknown;
  try {
    withConnection = await hydrateFromConnection(type, rawSpec, opts.connections);
    withConnection = await resolveSpecValues(
      withConnection,
      opts,
      checkNamespace(withConnection) ?? opts.namespace ?? 'default',
    );
  } catch (e) {
    return done({ pass: false, message: '', error: errorText(e), data: {} });
  }
  const parsed = runner.schema.safeParse(resolveTemplates(withConnection, opts.templateVars));
  if (!parsed.success) {
    const reason = parsed.error.issues.map((i) => `${i.path.join('.') || type}: ${i.message}`).join('; ');
    return done({ pass: false, message: '', error: `invalid ${type} check: ${reason}`, data: {} });
  }
  const spec = parsed.data as CommonFields;
  const timeoutMs = Math.min(
    MAX_CHECK_TIMEOUT_MS,
    parseDuration(spec.timeout, { defaultUnit: 'ms' }) ?? opts.defaultTimeoutMs,
  );
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
  let outcome: RunOutcome;
  try {
    outcome = await untilAborted(
      runner.run(parsed.data, {
        signal: controller.signal,
        timeoutMs,
        sandbox: opts.sandbox,
        outbound: opts.outbound ?? defaultOutboundPolicy,
        ...(opts.db ? { db: opts.db } : {}),
      }),
      controller.signal,
    );
  } catch (e) {
    outcome = { pass: false, message: '', error: errorText(e), data: {} };
  } finally {
    clearTimeout(timer);
  }
  const result = done(outcome);
  applyThreshold(result, spec);
  await applyCheckExpressions(type, result, spec, opts.outputs);
  return result;
}

/**
 * Every `{valueFrom: …}` in a spec read now (secretKeyRef / configMapKeyRef from the server's
 * cluster, connection fields), as checks read theirs; topology lookups use it for theirs.
 */
export function resolveSpecValues(spec: unknown, opts: ExecuteOptions, namespace: string): Promise<unknown> {
  return resolveValueRefs(spec, {
    connections: opts.connections,
    kubernetes: opts.kubernetes,
    namespace,
    signal: AbortSignal.timeout(opts.defaultTimeoutMs),
  });
}

/** A check naming a connection gets its URL and credentials, resolved at every run. */
async function hydrateFromConnection(
  type: string,
  rawSpec: unknown,
  connections: ConnectionResolver | undefined,
): Promise<unknown> {
  if (!rawSpec || typeof rawSpec !== 'object') return rawSpec;
  let spec = rawSpec as Record<string, unknown>;
  const resolve = async (ref: string) => {
    if (!connections) throw new Error(`connection ${ref} cannot be resolved here`);
    return connections(ref);
  };
  for (const { key, type: nestedType } of NESTED_CONNECTIONS[type] ?? []) {
    const nested = spec[key] as Record<string, unknown> | undefined;
    if (nested && isConnectionReference(nested.connection))
      spec = { ...spec, [key]: applyConnection(nestedType, nested, await resolve(nested.connection)) };
  }
  if (!isConnectionReference(spec.connection)) return spec;
  return applyConnection(type, spec, await resolve(spec.connection));
}

function checkNamespace(spec: unknown): string | undefined {
  const ns = (spec as { namespace?: unknown } | null)?.namespace;
  return typeof ns === 'string' && ns ? ns : undefined;
}

function errorText(e: unknown): string {
  // The policy's message already names host, address, reason and the setting to change.
  if (e instanceof OutboundRefusedError) return e.message;
  if (e instanceof AggregateError && e.errors.length) return errorText(e.errors[0]);
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code;
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
    const text = e.message || code || e.name;
    return code && !text.includes(code) ? `${code}: ${text}${cause}` : `${text}${cause}`;
  }
  return String(e);
}

/** A passing check slower than thresholdMillis fails. */
function applyThreshold(result: CheckResult, spec: CommonFields): void {
  if (result.pass && spec.thresholdMillis !== undefined && result.durationMs > spec.thresholdMillis) {
    result.pass = false;
    result.error = `took ${result.durationMs} ms, above the ${spec.thresholdMillis} ms threshold`;
  }
}
