import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

/** Runs the real CLI from source, as `opsdeck <args>`, with only the given settings. */
export function cli(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

/** Runs a command to its end; its exit code and everything it printed. */
export async function cliDone(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const run = cli(args, env);
  const code = await run.exit;
  return { code, out: run.output() };
}

/** Waits until `url` answers 2xx (a first start runs initdb and every migration). */
export async function waitForHttp(url: string, run: Run): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url}:\n${run.output()}`);
}

/** SIGTERM, then the exit. */
export async function stop(run: Run): Promise<void> {
  if (run.child.exitCode !== null) return;
  run.child.kill('SIGTERM');
  await run.exit;
}
