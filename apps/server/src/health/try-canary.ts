import { scheduleSchema } from '@opsdeck/shared';
import { z } from 'zod';
import { untilAborted } from '../lib/abort.js';
import { badRequest } from '../platform/http-error.js';
import { documentSpec } from '../platform/spec-resource-hook.js';
import { CanarySpecError, definedChecks, parseCanarySpec } from './canary-spec.js';
import { type BatchCheck, runCheckBatch } from './check-batch.js';
import type { CheckResult } from './run-check.js';
import { type HealthContext, templateVars } from './runtime.js';
import { canaryReachProblem } from './write-hook.js';

/** Most checks one try runs: a try is for the spec being edited, not a whole fleet. */
export const TRY_MAX_CHECKS = 20;
/** The whole try gives up after this; each check also keeps its own `timeout`. */
export const TRY_TIMEOUT_MS = 60_000;
/** Most characters of a check's details (the response it judged) a try answers with. */
export const TRY_DETAILS_LIMIT = 16 * 1024;

/** The canary as the settings form saves it; name and schedule are checked but not needed. */
const tryBody = z.looseObject(
  {
    name: z.string().nullish(),
    namespace: z.string().nullish(),
    labels: z.record(z.string(), z.unknown()).nullish(),
    schedule: z.string().nullish(),
    spec: z.unknown(),
  },
  { error: 'the body must be a canary as it is saved: { spec, namespace?, labels?, schedule? }' },
);

export type TriedCheck = {
  name: string;
  type: string;
  status: 'pass' | 'fail';
  /** Milliseconds the check took. */
  duration: number;
  message: string;
  error: string | null;
  /** What the check judged (status code, headers, body…); its JSON text cut at TRY_DETAILS_LIMIT when longer. */
  details: Record<string, unknown> | string;
  truncated: boolean;
  /** Checks a `transform` produced, as a saved run would record them. */
  transformed?: { name: string; status: 'pass' | 'fail'; message: string; error: string | null }[];
};

export type TryAnswer = { checks: TriedCheck[] };

function refuse(e: unknown): never {
  if (e instanceof CanarySpecError) throw badRequest(e.message);
  throw e;
}

function judged(details: Record<string, unknown>): Pick<TriedCheck, 'details' | 'truncated'> {
  const text = JSON.stringify(details);
  return text.length <= TRY_DETAILS_LIMIT
    ? { details, truncated: false }
    : { details: text.slice(0, TRY_DETAILS_LIMIT), truncated: true };
}

function tried(check: BatchCheck, result: CheckResult): TriedCheck {
  return {
    name: check.name,
    type: check.type,
    status: result.pass ? 'pass' : 'fail',
    duration: result.durationMs,
    message: result.message,
    error: result.error,
    ...judged(result.details),
    ...(result.transformed?.length
      ? {
          transformed: result.transformed.map((t) => ({
            name: t.name,
            status: t.pass ? ('pass' as const) : ('fail' as const),
            message: t.message,
            error: t.error,
          })),
        }
      : {}),
  };
}

/** The checks a canary body defines, validated exactly as saving it would validate them. */
async function checksOf(ctx: HealthContext, input: unknown): Promise<BatchCheck[]> {
  const body = tryBody.parse(input);
  if (body.schedule) {
    const s = scheduleSchema.safeParse(body.schedule);
    if (!s.success) throw badRequest(`schedule: ${s.error.issues[0]?.message ?? 'invalid'}`);
  }
  let parsed: ReturnType<ReturnType<typeof documentSpec>>;
  try {
    parsed = documentSpec(parseCanarySpec)(body.spec);
  } catch (e) {
    refuse(e);
  }
  const problem = await canaryReachProblem(parsed.spec, ctx);
  if (problem) throw badRequest(problem);
  const namespace = body.namespace?.trim() || String(parsed.defaults?.namespace ?? '') || 'default';
  const labels = Object.fromEntries(
    Object.entries(body.labels ?? (parsed.defaults?.labels as Record<string, unknown> | undefined) ?? {}).map(
      ([k, v]) => [k, String(v)],
    ),
  );
  let defined: ReturnType<typeof definedChecks>;
  try {
    defined = definedChecks(parsed.spec, { labels }, templateVars(ctx));
  } catch (e) {
    refuse(e);
  }
  if (defined.length === 0) throw badRequest('the spec defines no checks to try');
  if (defined.length > TRY_MAX_CHECKS)
    throw badRequest(
      `a try runs at most ${TRY_MAX_CHECKS} checks; this spec defines ${defined.length}: save it to run them all`,
    );
  // As the saved canary's checks would be stored: the check's namespace, else the canary's.
  return defined.map((c) => ({
    id: `try:${c.type}/${c.name}`,
    type: c.type,
    name: c.name,
    spec: c.spec,
    namespace: c.namespace ?? namespace,
  }));
}

/**
 * Try it: runs every check of an unsaved canary once, through the same runner, sandbox,
 * outbound policy, connections and template vars as a scheduled run (runCheckBatch), and
 * answers each result. Nothing is written: no canary, check, status, event or job history.
 */
export async function tryCanary(ctx: HealthContext, input: unknown): Promise<TryAnswer> {
  const checks = await checksOf(ctx, input);
  const results = new Map<BatchCheck, CheckResult>();
  const deadline = AbortSignal.timeout(TRY_TIMEOUT_MS);
  await untilAborted(
    runCheckBatch(
      ctx,
      checks,
      async (check, result) => {
        results.set(check, result);
      },
      { signal: deadline },
    ),
    deadline,
  ).catch((e: unknown) => {
    if (!deadline.aborted) throw e;
  });
  return {
    checks: checks.map((check) => {
      const result = results.get(check);
      if (result) return tried(check, result);
      return {
        name: check.name,
        type: check.type,
        status: 'fail',
        duration: TRY_TIMEOUT_MS,
        message: '',
        error: `not finished within the try's ${TRY_TIMEOUT_MS / 1000} s`,
        details: {},
        truncated: false,
      };
    }),
  };
}
