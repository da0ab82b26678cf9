import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveExecUser, type ExecIdentity } from './exec-user.js';

/** Every script the server runs for a spec goes through runScript (exec checks; later playbooks, kubeconfig plugins). */
export type ScriptPolicy = {
  /** DISABLE_EXEC: nothing runs. */
  disabled: boolean;
  /** EXEC_USER: who scripts run as when the server is root. */
  user: string;
  /** DATA_DIR: made private (no group/other access) before a script runs as another user. */
  dataDir?: string;
};

export type RunScriptOptions = {
  script: string;
  /** The program and arguments the script is appended to; default `bash -c`. */
  interpreter?: readonly string[];
  /** The spec's own variables, on top of PATH, HOME and LANG. */
  env?: Record<string, string>;
  timeoutMs: number;
  /** Aborting kills the script like a timeout. */
  signal?: AbortSignal;
  /** Per stream; the rest is read and dropped. Default 1 MiB. */
  maxOutputBytes?: number;
  policy: ScriptPolicy;
};

export type ScriptResult = {
  stdout: string;
  stderr: string;
  /** null when the script was killed by a signal. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Killed because the time limit passed or the caller aborted. */
  timedOut: boolean;
  /** stdout or stderr was longer than maxOutputBytes and was cut. */
  truncated: boolean;
};

const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
/** A fixed PATH: never the server's own. */
export const SCRIPT_PATH = '/usr/local/bin:/usr/bin:/bin';

export class ScriptsDisabledError extends Error {
  constructor() {
    super('running scripts is disabled on this server (DISABLE_EXEC)');
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Removes group and other access from the data folder so a script's user cannot read it. */
async function makePrivate(dir: string): Promise<void> {
  const st = await fs.stat(dir).catch(() => undefined);
  // A shared sticky folder (DATA_DIR=/tmp) is not the server's to close: every other user's
  // files there would become unreachable.
  if (!st || (st.mode & 0o1000) !== 0) return;
  if ((st.mode & 0o077) !== 0) await fs.chmod(dir, st.mode & 0o700);
}

/** Output of one stream, kept up to `max` bytes. */
class Capped {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    const room = this.max - this.size;
    if (chunk.length > room) this.truncated = true;
    if (room <= 0) return;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(kept);
    this.size += kept.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Runs a script in a sandbox: a minimal environment (PATH, HOME, LANG and the spec's env,
 * never the server's variables), a fresh private working directory removed afterwards,
 * its own process group (a timeout kills its children too), capped output, and — when the
 * server is root — an unprivileged user (EXEC_USER). Throws ScriptsDisabledError under
 * DISABLE_EXEC and ExecUserError when EXEC_USER cannot be resolved.
 */
export async function runScript(o: RunScriptOptions): Promise<ScriptResult> {
  if (o.policy.disabled) throw new ScriptsDisabledError();
  if (o.signal?.aborted) throw o.signal.reason instanceof Error ? o.signal.reason : new Error('aborted');
  const identity: ExecIdentity | undefined = isRoot() ? await resolveExecUser(o.policy.user) : undefined;
  if (identity && o.policy.dataDir) await makePrivate(o.policy.dataDir);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-script-'));
  try {
    await fs.chmod(workDir, 0o700);
    if (identity) await fs.chown(workDir, identity.uid, identity.gid);
    return await spawnScript(o, workDir, identity);
  } finally {
    await removeWorkDir(workDir);
  }
}

/** A script may leave folders it made read-only (a problem when it ran as the server's user): open them up, then remove. */
async function removeWorkDir(dir: string): Promise<void> {
  try {
    await fs.rm(dir, { recursive: true, force: true });
  } catch {
    const openUp = async (d: string): Promise<void> => {
      await fs.chmod(d, 0o700).catch(() => {});
      const entries = await fs.readdir(d, { withFileTypes: true }).catch(() => []);
      for (const e of entries) if (e.isDirectory()) await openUp(path.join(d, e.name));
    };
    await openUp(dir);
    // Whatever still resists (a process that escaped its group keeps writing) stays in the temp folder.
    await fs.rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

function spawnScript(o: RunScriptOptions, workDir: string, identity: ExecIdentity | undefined) {
  const [command = 'bash', ...args] = o.interpreter ?? ['bash', '-c'];
  const env = { PATH: SCRIPT_PATH, HOME: workDir, LANG: 'C.UTF-8', ...o.env };
  const max = o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise<ScriptResult>((resolve, reject) => {
    const child = spawn(command, [...args, o.script], {
      env,
      cwd: workDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(identity ? { uid: identity.uid, gid: identity.gid } : {}),
    });
    const stdout = new Capped(max);
    const stderr = new Capped(max);
    let timedOut = false;
    const stop = () => {
      timedOut = true;
      killGroup(child.pid);
    };
    const timer = setTimeout(stop, o.timeoutMs);
    o.signal?.addEventListener('abort', stop, { once: true });
    const cleanUp = () => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', stop);
    };
    child.stdout.on('data', (d: Buffer) => stdout.push(d));
    child.stderr.on('data', (d: Buffer) => stderr.push(d));
    child.once('error', (e) => {
      cleanUp();
      reject(e);
    });
    child.once('close', (code, sig) => {
      cleanUp();
      // Background processes the script left behind go with it.
      killGroup(child.pid);
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
        exitCode: code,
        signal: sig,
        timedOut,
        truncated: stdout.truncated || stderr.truncated,
      });
    });
  });
}
