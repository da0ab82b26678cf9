import { DependencyBoard, dependsOnOf, type KnownDependency, transitiveDependsOn } from './depends.js';
import { type CheckResult, executeCheck } from './run-check.js';
import type { DependencyOutput } from './depends.js';
import { checkLimiter, executeOptions, type HealthContext } from './runtime.js';

/** A check to run: what a `checks` row holds, or what an unsaved spec defines. */
export type BatchCheck = { id: string; type: string; name: string; spec: unknown; namespace: string | null };

/** The result of a check that did not run because a check it depends on did not pass. */
function dependencyFailure(dep: string): CheckResult {
  return {
    time: new Date(),
    pass: false,
    durationMs: 0,
    message: '',
    error: `dependency "${dep}" failed`,
    details: {},
  };
}

/**
 * Runs checks once (bounded by CHECK_CONCURRENCY) with the server's sandbox, outbound policy,
 * connections and template vars, handing each result to `onResult` as it completes. A check
 * with `dependsOn` waits (without holding a slot) for the checks it names; `known` gives the
 * last status of dependencies that are not part of this batch (Run Now). Scheduled runs,
 * Run Now and Try it all run through here, so a try judges a check exactly as a saved run does.
 */
export async function runCheckBatch<C extends BatchCheck>(
  ctx: HealthContext,
  checks: C[],
  onResult: (check: C, result: CheckResult) => Promise<void>,
  options: { signal?: AbortSignal | undefined; known?: Map<string, KnownDependency> | undefined } = {},
): Promise<void> {
  const limiter = checkLimiter(ctx);
  const execute = executeOptions(ctx);
  const board = new DependencyBoard(
    checks.map((c) => c.name),
    options.known,
  );
  const specs = new Map<string, unknown[]>();
  for (const c of checks) specs.set(c.name, [...(specs.get(c.name) ?? []), c.spec]);
  // Checks outside the batch (Run Now) are the ones `known` gives: their results count too.
  const outside = [...(options.known?.keys() ?? [])];
  await Promise.all(
    checks.map(async (check) => {
      let ok = false;
      let output: DependencyOutput | undefined;
      try {
        const deps = dependsOnOf(check.spec);
        const failedDep = deps.length ? await board.firstFailed(deps) : undefined;
        // canary-checker's `outputs.<name>`: the results of the checks this one depends on.
        const outputs = deps.length
          ? board.outputsOf([...new Set([...transitiveDependsOn(check.name, specs), ...outside])])
          : undefined;
        await limiter.run(async () => {
          // On shutdown, checks still waiting for a slot are not started (the next slot runs them).
          if (options.signal?.aborted) return;
          const result = failedDep
            ? dependencyFailure(failedDep)
            : await executeCheck(check.type, check.spec, {
                ...execute,
                ...(check.namespace ? { namespace: check.namespace } : {}),
                ...(outputs ? { outputs } : {}),
              });
          await onResult(check, result);
          ok = result.pass;
          output = { type: check.type, result };
        });
      } finally {
        board.done(check.name, ok, output);
      }
    }),
  );
}
