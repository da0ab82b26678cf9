import { scheduleSchema } from '@opsdeck/shared';
import { documentSpec, specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { CanarySpecError, parseCanarySpec } from './canary-spec.js';
import { folderPathProblems } from './checks/folder.js';
import { kubeconfigProblems } from './checks/kube-save.js';
import { junitPathProblems } from './checks/junit.js';
import { expressionProblems } from './expression-problems.js';
import { resolveTemplates } from './run-check.js';
import { type HealthContext, templateVars } from './runtime.js';
import { syncCanaryChecks } from './sync.js';

/**
 * Why the server refuses to let a spec reach what it names, or undefined: folder and JUnit paths
 * must stay inside the file roots, kubeconfigs must pass the sandbox rules, expressions must
 * compile. Saving and Try it ask the same. A `connection:` that names nothing yet is kept (it
 * may be applied later: docs/specs-as-code.md); the run fails with "connection X not found".
 */
export async function canaryReachProblem(spec: unknown, ctx: HealthContext): Promise<string | undefined> {
  const vars = templateVars(ctx);
  const problems = [
    ...(await folderPathProblems(resolveTemplates(spec, vars), fileAccess(ctx.config))),
    ...(await kubeconfigProblems(resolveTemplates(spec, vars), fileAccess(ctx.config))),
    ...(await junitPathProblems(resolveTemplates(spec, vars), fileAccess(ctx.config))),
    ...(await expressionProblems(spec)),
  ];
  return problems.length ? problems.join('; ') : undefined;
}

/**
 * Writes to /api/db/canaries: validates and normalises the spec before anything is
 * stored (a canary-checker document is unwrapped: metadata fills name, namespace and
 * labels), folder checks must stay inside the file roots and Kubernetes checks' kubeconfigs must pass the sandbox rules; then reconciles the canary's
 * checks in the same transaction and asks the scheduler to run it soon.
 */
export const canaryWriteHook = specResourceWriteHook({
  scheduleSchema,
  specError: CanarySpecError,
  parseSpec: documentSpec(parseCanarySpec),
  reachProblem: (spec, w) => canaryReachProblem(spec, w.ctx),
  async sync(tx, ids, w) {
    for (const id of ids) await syncCanaryChecks(tx, id, templateVars(w.ctx));
    if (w.method === 'DELETE') return;
    await tx.query(
      'UPDATE canaries SET next_runtime = NULL WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL',
      [ids],
    );
  },
});
