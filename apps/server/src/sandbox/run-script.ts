import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ExecUserError, resolveExecUser, type ExecIdentity } from './exec-user.js';
import type { ScriptUser } from './hidden-folders.js';
import { guardedUnisolated } from './death-guard.js';
import {
  DEFAULT_ISOLATION,
  isolatedCommand,
  isolationRefusal,
  isolationStatus,
  ScriptIsolationError,
  type IsolationSettings,
} from './isolation.js';

/** Every script the server runs for a spec goes through runScript (exec checks, playbook exec actions, topology lookups). */
export type ScriptPolicy = {
  /** DISABLE_EXEC: nothing runs. */
  disabled: boolean;
  /** EXEC_USER: who scripts run as when the server is root. */
  user: string;
  /** DATA_DIR: hidden from scripts, and made private (no group/other access) before a script runs as another user. */
  dataDir?: string;
  /** bubblewrap and ALLOW_UNISOLATED_SCRIPTS; absent: /usr/bin/bwrap, no opt-out. */
  isolation?: IsolationSettings;
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

/** Whose permissions the script has, for deciding which folders it could reach. */
function scriptUser(identity: ExecIdentity | undefined): ScriptUser {
  if (identity) return { uid: identity.uid, gids: [identity.gid] };
  return {
    uid: process.getuid?.() ?? -1,
    gids: [process.getegid?.() ?? -1, ...(process.getgroups?.() ?? [])],
  };
}

/**
 * Runs a script in a sandbox: inside bubblewrap (isolation.ts: own PID/IPC/UTS namespaces, the
 * machine read-only, the data folder, homes, /run and temporary folders hidden, dies with the
 * server), a minimal environment (PATH, HOME, LANG and the spec's env, never the server's
 * variables), a fresh private working directory removed afterwards, its own process group (a
 * timeout kills the whole sandbox), capped output, and — when the server is root — an
 * unprivileged user (EXEC_USER). Throws ScriptsDisabledError under DISABLE_EXEC,
 * ScriptIsolationError when bubblewrap does not work here (unless ALLOW_UNISOLATED_SCRIPTS) and
 * ExecUserError when EXEC_USER cannot be resolved.
 */
export async function runScript(o: RunScriptOptions): Promise<ScriptResult> {
  if (o.policy.disabled) throw new ScriptsDisabledError();
  if (o.signal?.aborted) throw o.signal.reason instanceof Error ? o.signal.reason : new Error('aborted');
  const identity: ExecIdentity | undefined = isRoot() ? await resolveExecUser(o.policy.user) : undefined;
  const isolation = o.policy.isolation ?? DEFAULT_ISOLATION;
  const status = await isolationStatus(isolation, identity);
  if (!status.available && !isolation.allowUnisolated)
    throw new ScriptIsolationError(isolationRefusal(status.cause));
  if (identity && o.policy.dataDir) await makePrivate(o.policy.dataDir);
  // The real path: it is bound into the sandbox at the same place, and is HOME and cwd there.
  const workDir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-script-')));
  try {
    await fs.chmod(workDir, 0o700);
    if (identity) await fs.chown(workDir, identity.uid, identity.gid);
    const script = [...(o.interpreter ?? ['bash', '-c']), o.script];
    const command = status.available
      ? await isolatedCommand(isolation, status.flags, {
          workDir,
          dataDir: o.policy.dataDir,
          user: scriptUser(identity),
          command: script,
        })
      : await guardedUnisolated(script);
    return await spawnScript(o, command, workDir, identity);
  } finally {
    await removeWorkDir(workDir);
  }
}

/**
 * What an operator must know at start-up about scripts, or undefined when they run isolated
 * (or not at all): the refusal, running unisolated, or an EXEC_USER that does not work.
 * Also runs the one isolation check, so the first script does not wait for it.
 */
export async function scriptIsolationWarning(policy: ScriptPolicy): Promise<string | undefined> {
  if (policy.disabled) return undefined;
  let identity: ExecIdentity | undefined;
  try {
    identity = isRoot() ? await resolveExecUser(policy.user) : undefined;
  } catch (e) {
    if (e instanceof ExecUserError) return `scripts will fail: ${e.message}`;
    throw e;
  }
  const isolation = policy.isolation ?? DEFAULT_ISOLATION;
  const status = await isolationStatus(isolation, identity);
  if (status.available) return undefined;
  if (!isolation.allowUnisolated) return isolationRefusal(status.cause);
  return `scripts run WITHOUT isolation (ALLOW_UNISOLATED_SCRIPTS=true): ${status.cause}; they see the server's processes and can read whatever their user can`;
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

function spawnScript(
  o: RunScriptOptions,
  commandLine: readonly string[],
  workDir: string,
  identity: ExecIdentity | undefined,
) {
  const [command = 'bash', ...args] = commandLine;
  // bwrap passes its environment on: the values never appear in a command line others can read.
  const env = { PATH: SCRIPT_PATH, HOME: workDir, LANG: 'C.UTF-8', ...o.env };
  const max = o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  return new Promise<ScriptResult>((resolve, reject) => {
    const child = spawn(command, args, {
      env,
      cwd: workDir,
      detached: true,
      // fd 3: the death guard's pipe; only this process holds the other end (death-guard.ts).
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      ...(identity ? { uid: identity.uid, gid: identity.gid } : {}),
    });
    const stdout = new Capped(max);
    const stderr = new Capped(max);
    let timedOut = false;
    // Closing our end of the guard pipe ends the script even while bwrap is still building the
    // sandbox, before its parent-death signal is armed; killing the group alone would not then.
    const lifeline = child.stdio[3];
    lifeline?.on('error', () => {});
    const stop = () => {
      timedOut = true;
      lifeline?.destroy();
      killGroup(child.pid);
    };
    const timer = setTimeout(stop, o.timeoutMs);
    o.signal?.addEventListener('abort', stop, { once: true });
    // Aborted while the work folder and command were being prepared.
    if (o.signal?.aborted) stop();
    const cleanUp = () => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', stop);
      lifeline?.destroy();
    };
    child.stdout?.on('data', (d: Buffer) => stdout.push(d));
    child.stderr?.on('data', (d: Buffer) => stderr.push(d));
    child.once('error', (e) => {
      cleanUp();
      reject(e);
    });
    child.once('close', (code, sig) => {
      cleanUp();
      // Background processes the script left behind go with it (with bwrap, the whole
      // namespace ends when its first process dies).
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
