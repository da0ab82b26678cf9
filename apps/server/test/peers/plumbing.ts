import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Shared plumbing of the test peers: binaries, ports, temp dirs, processes, readiness, teardown. */

/** Readiness deadline: generous, a loaded 2-core machine can take many seconds to start a database. */
export const READY_DEADLINE_MS = 60_000;

/** What a peer needs from the machine. */
export type PeerNeeds = { label: string; binaries: string[][]; files?: string[]; root?: boolean };

// Root's PATH has the sbin directories, a user's often does not: servers live there.
const EXTRA_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The absolute path of the first of `names` found on PATH or in the sbin directories. */
export function findBinary(...names: string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...EXTRA_DIRS];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

export const isRoot = (): boolean => process.getuid?.() === 0;

/** Why a peer cannot start on this machine, or undefined when it can. */
export function unavailableReason(needs: PeerNeeds): string | undefined {
  const missing = needs.binaries.filter((alternatives) => !findBinary(...alternatives));
  if (missing.length) {
    return `${needs.label}: ${missing.map((a) => a.join(' or ')).join(', ')} not installed`;
  }
  const absent = (needs.files ?? []).filter((f) => !fs.existsSync(f));
  if (absent.length) return `${needs.label}: ${absent.join(', ')} missing`;
  if (needs.root && !isRoot()) return `${needs.label}: needs root (creates a system user)`;
  return undefined;
}

/** The binary, or a clear error naming what is missing. */
export function requireBinary(needs: PeerNeeds, ...names: string[]): string {
  const reason = unavailableReason(needs);
  if (reason) throw new Error(`cannot start ${reason}`);
  const found = findBinary(...names);
  if (!found) throw new Error(`cannot start ${needs.label}: ${names.join(' or ')} not installed`);
  return found;
}

// One free-port helper for every test and benchmark.
export { freePort } from '../free-port.js';

/** A random secret that is safe in config files, command lines and URLs. */
export const randomSecret = (bytes = 12): string => crypto.randomBytes(bytes).toString('base64url');

/** A short random suffix for names that must not collide between parallel runs. */
export const randomSuffix = (): string => crypto.randomBytes(4).toString('hex');

/** Teardown steps run newest first; a failing step does not stop the others. */
export class Teardown {
  private readonly steps: Array<() => void | Promise<void>> = [];
  private done?: Promise<void>;

  add(step: () => void | Promise<void>): void {
    this.steps.push(step);
  }

  /** Runs once; later calls wait for the first. */
  run(): Promise<void> {
    this.done ??= (async () => {
      const errors: unknown[] = [];
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (e) {
          errors.push(e);
        }
      }
      if (errors.length) throw new AggregateError(errors, 'peer teardown failed');
    })();
    return this.done;
  }
}

/**
 * Runs `start` with a fresh Teardown; when it fails everything it set up is undone before the
 * error goes on, so a failed start leaves no process, user or directory behind.
 */
export async function startPeer<T>(start: (teardown: Teardown) => Promise<T>): Promise<T> {
  const teardown = new Teardown();
  try {
    return await start(teardown);
  } catch (e) {
    await teardown.run().catch(() => undefined);
    throw e;
  }
}

/** A temp dir `opsdeck-<name>-…`, removed on teardown. `mode` 0o755 lets a peer's own user through. */
export function peerDir(teardown: Teardown, name: string, mode = 0o700): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `opsdeck-${name}-`));
  fs.chmodSync(dir, mode);
  teardown.add(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs a setup tool to completion without blocking the event loop (install-db takes seconds);
 * its output is in the error when it fails.
 */
export function runTool(bin: string, args: string[], options: { input?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: 'pipe', timeout: READY_DEADLINE_MS });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk), (output += chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    // A tool that exits without reading its input closes the pipe first (EPIPE): its exit code decides.
    child.stdin.on('error', () => {});
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(stdout);
      const tail = output.trim().split('\n').slice(-20).join('\n');
      reject(
        new Error(`${path.basename(bin)} ${args.join(' ')} failed with ${signal ?? `code ${code}`}\n${tail}`),
      );
    });
    child.stdin.end(options.input ?? '');
  });
}

// Process groups still running, killed if the test process exits without stopping them.
const liveGroups = new Set<number>();
process.once('exit', () => {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL');
});

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is empty
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type PeerProcess = {
  process: ChildProcess;
  logFile: string;
  /** The log's last lines, for failure messages. */
  tail(lines?: number): string;
  /** Set when the process has exited. */
  exited(): string | undefined;
};

/**
 * Spawns a server in its own process group with stdout and stderr appended to `<dir>/<name>.log`.
 * Teardown sends SIGTERM to the group, waits for it to empty, then SIGKILLs what is left.
 */
export function spawnPeer(
  teardown: Teardown,
  options: { name: string; bin: string; args: string[]; dir: string; cwd?: string },
): PeerProcess {
  const logFile = path.join(options.dir, `${options.name}.log`);
  const fd = fs.openSync(logFile, 'a');
  const child = spawn(options.bin, options.args, {
    cwd: options.cwd ?? options.dir,
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  let exit: string | undefined;
  child.on('error', (e) => (exit = `failed to start: ${e.message}`));
  child.on('exit', (code, signal) => (exit = `exited with ${signal ?? `code ${code}`}`));
  const pgid = child.pid;
  if (pgid !== undefined) liveGroups.add(pgid);
  const tail = (lines = 30) => {
    try {
      return fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no log)';
    }
  };
  teardown.add(async () => {
    if (pgid === undefined) return;
    signalGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (signalGroup(pgid, 0) && Date.now() < deadline) await sleep(100);
    signalGroup(pgid, 'SIGKILL');
    while (exit === undefined && signalGroup(pgid, 0)) await sleep(50);
    liveGroups.delete(pgid);
  });
  return { process: child, logFile, tail, exited: () => exit };
}

/**
 * Polls `probe` until it returns true. Fails at once when the peer exits, or at the deadline,
 * with the peer's last log lines in the message.
 */
export async function waitUntilReady(
  peer: PeerProcess,
  what: string,
  probe: () => Promise<boolean>,
  deadlineMs = READY_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  let lastError = '';
  for (;;) {
    const exited = peer.exited();
    if (exited)
      throw new Error(`${what} ${exited} before it was ready. Log ${peer.logFile}:\n${peer.tail()}`);
    try {
      if (await probe()) return;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what} was not ready after ${deadlineMs / 1000} s${lastError ? ` (${lastError})` : ''}. ` +
          `Log ${peer.logFile}:\n${peer.tail()}`,
      );
    }
    await sleep(200);
  }
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** True when GET url answers 200. */
export async function answersOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  await res.arrayBuffer();
  return res.ok;
}
