import { spawn } from 'node:child_process';
import { execCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { type CheckRunner, fail, pass } from './types.js';
import { clip, resolveValue } from './values.js';

type ExecSpec = z.infer<typeof execCheckSchema>;

const MAX_OUTPUT = 1024 * 1024;

/**
 * Exec: runs the script with bash in its own process group (so a timeout kills its
 * children too). Scripts get a minimal environment, never the server's secrets.
 */
export const execRunner: CheckRunner<ExecSpec> = {
  type: 'exec',
  schema: execCheckSchema,
  endpoint: (s) => s.script.split('\n')[0]?.slice(0, 200) ?? '',
  run(spec, ctx) {
    if (ctx.disableExecChecks) {
      return Promise.resolve(fail('exec checks are disabled on this server (DISABLE_EXEC_CHECKS)'));
    }
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      LANG: process.env.LANG ?? 'C.UTF-8',
    };
    for (const e of spec.env ?? []) env[e.name] = resolveValue(e) ?? '';
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['-c', spec.script], {
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      const kill = () => {
        timedOut = true;
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      ctx.signal.addEventListener('abort', kill, { once: true });
      child.stdout.on('data', (d: Buffer) => {
        if (stdout.length < MAX_OUTPUT) stdout += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < MAX_OUTPUT) stderr += d.toString();
      });
      child.once('error', (e) => {
        ctx.signal.removeEventListener('abort', kill);
        reject(e);
      });
      child.once('close', (code, sig) => {
        ctx.signal.removeEventListener('abort', kill);
        const data = { stdout: clip(stdout.trim()), stderr: clip(stderr.trim()), exitCode: code ?? -1 };
        if (timedOut) return resolve(fail(`script timed out after ${ctx.timeoutMs} ms`, data));
        if (code !== 0) {
          const why = sig ? `killed by ${sig}` : `exit code ${code}`;
          return resolve(
            fail(
              `${why}${stderr.trim() ? `: ${clip(stderr.trim(), 500)}` : ''}`,
              data,
              clip(stdout.trim(), 500),
            ),
          );
        }
        resolve(pass(clip(stdout.trim(), 500), data));
      });
    });
  },
};
