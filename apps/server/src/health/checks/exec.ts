import { execCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { runScript } from '../../sandbox/run-script.js';
import { type CheckRunner, fail, pass } from './types.js';
import { clip, resolveValue } from './values.js';

type ExecSpec = z.infer<typeof execCheckSchema>;

/**
 * Exec: runs the script with bash in the server's script sandbox (minimal environment,
 * temporary working directory, own process group, unprivileged user when the server is root).
 */
export const execRunner: CheckRunner<ExecSpec> = {
  type: 'exec',
  schema: execCheckSchema,
  endpoint: (s) => s.script.split('\n')[0]?.slice(0, 200) ?? '',
  async run(spec, ctx) {
    const env: Record<string, string> = {};
    for (const e of spec.env ?? []) env[e.name] = resolveValue(e) ?? '';
    const r = await runScript({
      script: spec.script,
      env,
      timeoutMs: ctx.timeoutMs,
      signal: ctx.signal,
      policy: ctx.sandbox.scripts,
    });
    const stdout = r.stdout.trim();
    const stderr = r.stderr.trim();
    const data = {
      stdout: clip(stdout),
      stderr: clip(stderr),
      exitCode: r.exitCode ?? -1,
      ...(r.truncated ? { truncated: true } : {}),
    };
    if (r.timedOut) return fail(`script timed out after ${ctx.timeoutMs} ms`, data);
    if (r.exitCode !== 0) {
      const why = r.signal ? `killed by ${r.signal}` : `exit code ${r.exitCode}`;
      return fail(`${why}${stderr ? `: ${clip(stderr, 500)}` : ''}`, data, clip(stdout, 500));
    }
    return pass(clip(stdout, 500), data);
  },
};
