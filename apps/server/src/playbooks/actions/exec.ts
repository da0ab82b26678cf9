import { runScript } from '../../sandbox/run-script.js';
import { sandboxPolicy } from '../../sandbox/policy.js';
import { abortMessage, errorMessage, tail, type ActionRunner } from './action.js';
import { namedValues, unsupportedField } from './values.js';

type ExecBody = { script?: unknown; env?: unknown };

/**
 * `exec`: the script through the one sandbox (DISABLE_EXEC, EXEC_USER, a minimal environment
 * plus the run's values as variables and the action's `env`, which wins a shared name). Result
 * {stdout, stderr, exitCode}; an exit code other than 0 fails the action with the result kept,
 * as Mission Control does.
 */
export const execAction: ActionRunner = async (body, a) => {
  const b = (body ?? {}) as ExecBody;
  const script = typeof b.script === 'string' ? b.script : '';
  if (!script.trim()) return { result: null, error: 'an exec action needs a script' };
  const unsupported = unsupportedField('exec', body, ['connections', 'checkout', 'setup']);
  if (unsupported) return { result: null, error: unsupported };
  let env: Record<string, string>;
  try {
    env = { ...a.scriptEnv, ...namedValues(b.env, 'env') };
  } catch (e) {
    return { result: null, error: errorMessage(e) };
  }
  const out = await runScript({
    script,
    env,
    timeoutMs: a.timeoutMs,
    signal: a.signal,
    policy: sandboxPolicy(a.ctx.config).scripts,
  });
  const result = { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode ?? -1 };
  if (out.timedOut)
    return { result, error: abortMessage(a.signal) ?? `timed out after ${Math.round(a.timeoutMs / 1000)}s` };
  if (out.exitCode !== 0) {
    const why = out.exitCode === null ? `killed by ${out.signal ?? 'a signal'}` : `exit code ${out.exitCode}`;
    const stderr = tail(out.stderr);
    return { result, error: stderr ? `${why}: ${stderr}` : why };
  }
  return { result };
};
