import { spawn } from 'node:child_process';
import { guardedInSandbox } from './death-guard.js';
import type { ExecIdentity } from './exec-user.js';
import { dnsFolders, hiddenFolders, type ScriptUser } from './hidden-folders.js';

/**
 * Scripts run inside bubblewrap whoever runs the server: their own PID, IPC and UTS namespaces
 * (the server's processes and /proc/<pid>/environ are out of sight), the file system read-only
 * with the server's data folder, every home, /run and the temporary folders replaced by empty
 * ones, their private work folder the only place they can write, and they die with the server.
 * The network stays: exec checks exist to probe things. docs/security.md has the whole picture.
 */
export type IsolationSettings = {
  /** Where bubblewrap is (Debian package bubblewrap). */
  bwrap: string;
  /** ALLOW_UNISOLATED_SCRIPTS: without working isolation, run scripts as they are (unsafe) instead of refusing them. */
  allowUnisolated: boolean;
};

export const DEFAULT_ISOLATION: IsolationSettings = { bwrap: '/usr/bin/bwrap', allowUnisolated: false };

/** What the one check per process found: bubblewrap works (with these flags), or why not. */
export type IsolationStatus =
  { available: true; flags: readonly string[] } | { available: false; cause: string };

/** Isolation is unavailable and ALLOW_UNISOLATED_SCRIPTS is not set: no script runs. */
export class ScriptIsolationError extends Error {}

/** The one message for a refused script: the cause and both ways out. */
export function isolationRefusal(cause: string): string {
  return (
    `scripts cannot run isolated on this server: ${cause}. Install bubblewrap (Debian: apt-get install ` +
    'bubblewrap) and allow unprivileged user namespaces, or set ALLOW_UNISOLATED_SCRIPTS=true to run ' +
    'scripts without isolation (unsafe)'
  );
}

/**
 * New user (needed to mount anything without privileges), PID, IPC and UTS namespaces; the
 * sandbox dies when the server (bwrap's parent) dies, and the script gets its own session
 * (no terminal to push keystrokes into).
 */
const NAMESPACES = [
  '--unshare-user',
  '--unshare-pid',
  '--unshare-ipc',
  '--unshare-uts',
  '--die-with-parent',
  '--new-session',
];
/** bubblewrap 0.8+: the script cannot create further user namespaces (less kernel to attack). */
const NO_NESTED_USERNS = '--disable-userns';
/** A read-only view of the machine with a fresh /proc (only the sandbox's processes) and /dev. */
const BASE_MOUNTS = ['--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/dev/shm'];
/** The probe's environment (scripts get theirs from run-script.ts). */
const PROBE_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };
const PROBE_TIMEOUT_MS = 10_000;

type Outcome = { code: number | null; stderr: string; error?: NodeJS.ErrnoException; timedOut: boolean };

/** Runs a short command (the probes) and collects its exit code and stderr. */
function runShort(command: string, args: string[], identity: ExecIdentity | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    let stderr = '';
    let timedOut = false;
    const child = spawn(command, args, {
      env: PROBE_ENV,
      cwd: '/',
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(identity ? { uid: identity.uid, gid: identity.gid } : {}),
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, PROBE_TIMEOUT_MS);
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, stderr, error, timedOut });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

function describeFailure(bwrap: string, o: Outcome): string {
  if (o.error?.code === 'ENOENT') return `bubblewrap is not installed (${bwrap} does not exist)`;
  if (o.error) return `${bwrap} cannot be started (${o.error.code ?? o.error.message})`;
  if (o.timedOut) return `${bwrap} did not finish within ${PROBE_TIMEOUT_MS / 1000} s`;
  const said = o.stderr.trim().replace(/\s+/g, ' ').slice(0, 300);
  return `bubblewrap cannot create its namespaces here (${said || `exit code ${o.code}`})`;
}

async function probe(bwrap: string, identity: ExecIdentity | undefined): Promise<IsolationStatus> {
  const attempt = (flags: string[]) => runShort(bwrap, [...flags, ...BASE_MOUNTS, '--', 'true'], identity);
  const hardened = [...NAMESPACES, NO_NESTED_USERNS];
  if ((await attempt(hardened)).code === 0) return { available: true, flags: hardened };
  // Older bubblewrap (< 0.8) does not know --disable-userns; the isolation itself does not need it.
  const plain = await attempt(NAMESPACES);
  return plain.code === 0
    ? { available: true, flags: NAMESPACES }
    : { available: false, cause: describeFailure(bwrap, plain) };
}

const probes = new Map<string, Promise<IsolationStatus>>();

/**
 * Whether bubblewrap isolates scripts here, checked once per process (per bwrap path and user:
 * a server running as root starts bwrap as EXEC_USER, who needs unprivileged user namespaces).
 * Installing bubblewrap later takes a restart.
 */
export function isolationStatus(
  settings: IsolationSettings,
  identity: ExecIdentity | undefined,
): Promise<IsolationStatus> {
  const key = `${settings.bwrap}\0${identity ? `${identity.uid}:${identity.gid}` : 'self'}`;
  let p = probes.get(key);
  if (!p) {
    p = probe(settings.bwrap, identity);
    probes.set(key, p);
  }
  return p;
}

/**
 * The bwrap command line around `command`: namespaces, the read-only machine, empty folders over
 * what the script must not see (see hidden-folders.ts), the resolver's folders back (DNS keeps
 * working), and the work folder (a real path) — writable, HOME and cwd — bound last so it shows
 * through the hidden temporary folder it lies in. Inside, the death guard (death-guard.ts) runs
 * the command.
 */
export async function isolatedCommand(
  settings: IsolationSettings,
  flags: readonly string[],
  o: { workDir: string; dataDir: string | undefined; user: ScriptUser; command: readonly string[] },
): Promise<string[]> {
  const hidden = await hiddenFolders(o.dataDir, o.user);
  const dns = await dnsFolders(hidden, o.user);
  return [
    settings.bwrap,
    ...flags,
    ...BASE_MOUNTS,
    ...hidden.flatMap((dir) => ['--tmpfs', dir]),
    ...dns.flatMap((dir) => ['--ro-bind', dir, dir]),
    '--bind',
    o.workDir,
    o.workDir,
    '--chdir',
    o.workDir,
    '--',
    ...guardedInSandbox(o.command),
  ];
}
