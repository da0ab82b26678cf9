import { DependencyBoard, dependsOnOf } from './depends.js';
import { type CheckResult, executeCheck } from './run-check.js';
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
  options: { signal?: AbortSignal | undefined; known?: Map<string, boolean> | undefined } = {},
): Promise<void> {
  const limiter = checkLimiter(ctx);
  const execute = executeOptions(ctx);
  const board = new DependencyBoard(
    checks.map((c) => c.name),
    options.known,
  );
  await Promise.all(
    checks.map(async (check) => {
      let ok = false;
      try {
        const deps = dependsOnOf(check.spec);
        const failedDep = deps.length ? await board.firstFailed(deps) : undefined;
        await limiter.run(async () => {
          // On shutdown, checks still waiting for a slot are not started (the next slot runs them).
          if (options.signal?.aborted) return;
          const result = failedDep
            ? dependencyFailure(failedDep)
            : await executeCheck(check.type, check.spec, {
                ...execute,
                ...(check.namespace ? { namespace: check.namespace } : {}),
              });
          await onResult(check, result);
          ok = result.pass;
        });
      } finally {
        board.done(check.name, ok);
      }
    }),
  );
}
