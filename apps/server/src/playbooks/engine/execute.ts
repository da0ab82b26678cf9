import {
  actionKind,
  DEFAULT_PLAYBOOK_TIMEOUT,
  parseDuration,
  playbookSpecSchema,
  type PlaybookAction,
  type PlaybookSpec,
} from '@opsdeck/shared';
import type { ServerContext } from '../../context.js';
import { isDatabaseUnavailable } from '../../db/availability.js';
import { secretBox } from '../../lib/secrets/index.js';
import { errorMessage, type ActionOutcome } from '../actions/action.js';
import { runAction } from '../actions/index.js';
import { renderActionBody } from '../actions/render-body.js';
import { playbookScriptEnv } from '../script-env.js';
import { scrubSecrets, secretValues } from '../secret-params.js';
import { playbookValueSources, withValuesResolved } from '../value-refs.js';
import { loadRunTemplateEnv, type PlaybookTemplateEnv } from '../template-env.js';
import { chooseAgent, isLocal, type AgentTarget } from './agent-target.js';
import { delayMs, shouldRun } from './conditions.js';
import { RunActions } from './functions.js';
import type { EngineOptions } from './options.js';
import { nextStep, anyFailed, type ActionRow } from './plan.js';
import {
  actionRows,
  dropClaim,
  endRun,
  failOrphanedActions,
  finishAction,
  insertAction,
  releaseRun,
  renewClaim,
  startAction,
  type ClaimedRun,
} from './store.js';
import { toAgent } from './remote.js';
import { STOPPED_MESSAGE } from './sweep.js';

type Held = { id: string; owner: string };

/** How long reading the `valueFrom` references of one action may take. */
const VALUE_TIMEOUT_MS = 30_000;

/** Why an action was aborted; its message is what the action row's error says. */
class Stop extends Error {
  constructor(
    message: string,
    /**
     * What happens to the run: `timed_out` (we end it so), `ended` (someone else ended it:
     * cancelled, or timed out by the sweep), `released` (shutdown: handed back), `lost` (another
     * process holds it now), `none` (only the action stopped: its own timeout).
     */
    readonly runStatus: 'timed_out' | 'ended' | 'released' | 'lost' | 'none',
  ) {
    super(message);
  }
}

function specProblem(spec: unknown): { spec?: PlaybookSpec; error?: string } {
  const parsed = playbookSpecSchema.safeParse(spec);
  if (parsed.success) return { spec: parsed.data };
  const issues = parsed.error.issues.map((i) =>
    i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
  );
  return { error: `invalid playbook spec: ${issues.join('; ')}` };
}

/** When the run must end: its start (or creation) plus its timeout. */
function deadlineOf(run: ClaimedRun): number {
  const from = new Date(run.start_time ?? run.created_at).getTime();
  const ns = Number(run.timeout);
  const ms =
    Number.isFinite(ns) && ns > 0 ? ns / 1e6 : (parseDuration(DEFAULT_PLAYBOOK_TIMEOUT) ?? 1_800_000);
  return from + ms;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/**
 * Takes a claimed run as far as it can go now: actions one after the other until the run
 * ends, sleeps (`delay`), waits for a retry, or stops being ours (cancelled, timed out,
 * taken over, shutdown). All state is in the database; this process only holds the lease.
 */
export async function processRun(
  ctx: ServerContext,
  run: ClaimedRun,
  o: EngineOptions,
  shutdown: AbortSignal,
): Promise<void> {
  const held: Held = { id: run.id, owner: o.owner };
  // A running run we claimed was left by a process that died: its open attempt failed.
  if (run.previous === 'running') await failOrphanedActions(ctx.db, run.id, STOPPED_MESSAGE);
  const { spec, error } = specProblem(run.spec);
  if (!spec) {
    await endRun(ctx.db, held, 'failed', error);
    return;
  }
  let env: PlaybookTemplateEnv;
  try {
    env = await loadRunTemplateEnv(ctx.db, run, spec, {
      secrets: secretBox(ctx.config),
      values: (namespace) => playbookValueSources(ctx, namespace, AbortSignal.timeout(VALUE_TIMEOUT_MS)),
    });
  } catch (e) {
    await endRun(ctx.db, held, 'failed', errorMessage(e));
    return;
  }
  const deadline = deadlineOf(run);
  // What an action prints of a secret parameter is stored as [REDACTED].
  const secrets = secretValues(spec.parameters, env.params);
  // While the claim is ours no one else adds or finishes attempts: the rows are read once.
  const rows = await actionRows(ctx.db, run.id);
  let renewedAt = Date.now();
  /** The run stopped being ours (cancelled, timed out, taken over): let go of it. */
  const letGo = async () => {
    const status = await renewClaim(ctx.db, run.id, o.owner, o.leaseMs);
    if (status === 'running') return releaseRun(ctx.db, held, 'scheduled', 0);
    if (status) await dropClaim(ctx.db, held);
  };
  for (;;) {
    if (shutdown.aborted) return releaseRun(ctx.db, held, 'scheduled', 0);
    if (Date.now() >= deadline) {
      await endRun(ctx.db, held, 'timed_out', 'timed out');
      return;
    }
    if (Date.now() - renewedAt > o.leaseMs / 3) {
      if ((await renewClaim(ctx.db, run.id, o.owner, o.leaseMs)) !== 'running') return letGo();
      renewedAt = Date.now();
    }
    const step = nextStep(spec.actions, rows, o.random);
    if (step.kind === 'end') {
      // Guarded by status: a cancel that came meanwhile stays.
      if (!(await endRun(ctx.db, held, anyFailed(rows) ? 'failed' : 'completed'))) await letGo();
      return;
    }
    // An attempt already with an agent is the agent's: the run waits for it, it never runs here.
    if (step.kind === 'resume' && step.row.status === 'waiting')
      return releaseRun(ctx.db, held, 'waiting', 0);
    let target: AgentTarget;
    try {
      target = await chooseAgent(ctx.db, run.agent_id, spec, step.action, env);
    } catch (e) {
      if (!(await endRun(ctx.db, held, 'failed', errorMessage(e)))) await letGo();
      return;
    }
    let row: ActionRow | undefined;
    if (step.kind === 'retry') {
      if (step.waitMs > 0) {
        await insertAction(ctx.db, held, {
          name: step.action.name,
          status: 'scheduled',
          retryCount: step.attempt,
          inMs: step.waitMs,
        });
        return releaseRun(ctx.db, held, 'retrying', step.waitMs);
      }
      row = await insertAction(ctx.db, held, {
        name: step.action.name,
        status: 'running',
        retryCount: step.attempt,
      });
    } else if (step.kind === 'resume') {
      row = (await startAction(ctx.db, step.row.id)) ? step.row : undefined;
      if (row) rows.splice(rows.indexOf(step.row), 1);
    } else {
      const actions = new RunActions(rows);
      let wait = 0;
      try {
        wait = delayMs(step.action, env, actions);
      } catch (e) {
        const failed = `invalid delay: ${errorMessage(e)}`;
        row = await insertAction(ctx.db, held, {
          name: step.action.name,
          status: 'failed',
          retryCount: 0,
          error: failed,
        });
        if (!row) return letGo();
        rows.push(row);
        continue;
      }
      if (wait > 0) {
        await insertAction(ctx.db, held, {
          name: step.action.name,
          status: 'sleeping',
          retryCount: 0,
          inMs: wait,
        });
        return releaseRun(ctx.db, held, 'sleeping', wait);
      }
      row = await insertAction(ctx.db, held, { name: step.action.name, status: 'running', retryCount: 0 });
    }
    // Inserts are guarded by the run's status: none means it was cancelled or taken meanwhile.
    if (!row) return letGo();
    if (!isLocal(target)) {
      const remote = await toAgent(ctx, { held, action: step.action, row, rows, env, deadline, target });
      if ('lost' in remote) return letGo();
      if ('waiting' in remote) return;
      rows.push(remote.row);
      renewedAt = Date.now();
      continue;
    }
    const done = await runOne(ctx, {
      held,
      action: step.action,
      row,
      rows,
      env,
      deadline,
      o,
      shutdown,
      secrets,
    });
    renewedAt = Date.now();
    if (done.row) rows.push(done.row);
    const stop = done.stop;
    if (stop) {
      if (stop.runStatus === 'timed_out') await endRun(ctx.db, held, 'timed_out', 'timed out');
      else if (stop.runStatus === 'released') await releaseRun(ctx.db, held, 'scheduled', 0);
      else if (stop.runStatus === 'ended') await dropClaim(ctx.db, held);
      return;
    }
  }
}

type One = {
  held: Held;
  action: PlaybookAction;
  row: ActionRow;
  rows: readonly ActionRow[];
  env: PlaybookTemplateEnv;
  deadline: number;
  o: EngineOptions;
  shutdown: AbortSignal;
  /** Clear values of the run's secret parameters, scrubbed from what the attempt stores. */
  secrets: readonly string[];
};

/**
 * One attempt: render the body, evaluate `if`, run it under a signal for its timeout (capped
 * by the run's time left), a cancel (the run's status is read every `watchMs`, which also
 * renews the lease) and shutdown. Returns why the run cannot go on, or undefined.
 */
async function runOne(ctx: ServerContext, one: One): Promise<{ stop?: Stop; row?: ActionRow }> {
  const { held, action, row, env, o } = one;
  // A retry is judged like the first attempt: its own earlier failures do not make success() false.
  const actions = new RunActions(one.rows.filter((r) => r.name !== action.name));
  const finish = (outcome: Parameters<typeof finishAction>[2]) =>
    finishAction(ctx.db, row.id, scrubSecrets(outcome, one.secrets));
  const settled = async (outcome: Parameters<typeof finishAction>[2]) => {
    const stored = await finish(outcome);
    return stored ? { row: stored } : { stop: new Stop('the action was closed by another process', 'lost') };
  };
  const kind = actionKind(action);
  let body: unknown;
  try {
    body = kind ? renderActionBody(kind, action[kind], env, actions.templateFunctions()) : undefined;
    // `valueFrom` in the body (http headers, exec env, credentials) is read now, as checks read it.
    const namespace = typeof env.playbook.namespace === 'string' ? env.playbook.namespace : 'default';
    const sources = playbookValueSources(ctx, namespace, AbortSignal.timeout(VALUE_TIMEOUT_MS));
    if (kind) body = await withValuesResolved(body, sources, kind);
  } catch (e) {
    return settled({ status: 'failed', error: errorMessage(e) });
  }
  try {
    if (!shouldRun(action, env, actions)) return await settled({ status: 'skipped' });
  } catch (e) {
    return settled({ status: 'failed', error: errorMessage(e) });
  }
  const runLeft = one.deadline - Date.now();
  const own = action.timeout ? parseDuration(action.timeout) : undefined;
  const timeoutMs = Math.max(1, Math.min(own || runLeft, runLeft));
  const controller = new AbortController();
  const abort = (stop: Stop) => {
    if (!controller.signal.aborted) controller.abort(stop);
  };
  const timer = setTimeout(
    () =>
      abort(
        own && own < runLeft
          ? new Stop(`timed out after ${seconds(own)}`, 'none')
          : new Stop('timed out', 'timed_out'),
      ),
    timeoutMs,
  );
  const onShutdown = () => abort(new Stop(STOPPED_MESSAGE, 'released'));
  one.shutdown.addEventListener('abort', onShutdown, { once: true });
  let watching = false;
  const watcher = setInterval(() => {
    if (watching) return;
    watching = true;
    renewClaim(ctx.db, held.id, held.owner, o.leaseMs)
      .then((status) => {
        if (status === 'cancelled') abort(new Stop('cancelled', 'ended'));
        else if (status === 'timed_out') abort(new Stop('timed out', 'ended'));
        else if (status !== 'running') abort(new Stop('the run was taken over by another process', 'lost'));
      })
      .catch((e: unknown) => {
        if (!isDatabaseUnavailable(e))
          ctx.log.warn({ err: e, run: held.id }, 'renewing a playbook run lease failed');
      })
      .finally(() => {
        watching = false;
      });
  }, o.watchMs);
  let outcome: ActionOutcome;
  try {
    outcome = await runAction(
      { ...action, [kind ?? 'exec']: body },
      {
        ctx,
        signal: controller.signal,
        timeoutMs,
        env: env.env,
        scriptEnv: playbookScriptEnv(env),
      },
    );
  } finally {
    clearTimeout(timer);
    clearInterval(watcher);
    one.shutdown.removeEventListener('abort', onShutdown);
  }
  const stop = controller.signal.aborted ? (controller.signal.reason as Stop) : undefined;
  if (stop?.runStatus === 'lost') return { stop };
  const error = stop ? stop.message : outcome.error;
  const done = await settled({
    status: error === undefined ? 'completed' : 'failed',
    result: outcome.result,
    error: error ?? null,
  });
  return stop && stop.runStatus !== 'none' && done.row ? { ...done, stop } : done;
}
