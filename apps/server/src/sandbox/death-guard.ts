import { execFile } from 'node:child_process';

/**
 * Scripts die with the server, also when it dies while a script is still starting.
 *
 * Parent-death signals (bwrap --die-with-parent, `setpriv --pdeathsig KILL`) fire only if the
 * parent is alive when they are set, and bwrap sets its own only after building the sandbox:
 * a server killed in those first milliseconds would leave the script running. So every script
 * runs behind a guard, a few lines of bash that hold one end of a pipe (fd 3) whose other end
 * only the server has. When the server is gone, however and whenever it died, the pipe reads
 * EOF: the guard does not start the script, or its watcher kills it — the whole sandbox
 * (`kill -1` reaches only the sandbox's PID namespace), or unisolated its process group.
 * The script itself never sees fd 3.
 */

/** The child's end of the guard pipe: run-script.ts passes it as stdio[3]. */
const GUARD_FD = 3;

function guardProgram(victims: '-1' | '0'): string {
  return [
    // The watcher: blocks until the server's end closes (the server never writes).
    `{ read -r -u ${GUARD_FD} _; kill -KILL ${victims}; } &`,
    'watcher=$!',
    'disown', // killed at the end without a "Killed" line on the script's stderr
    // Already gone (readable at once means EOF): the script does not start.
    `if read -t 0 -u ${GUARD_FD}; then exit 125; fi`,
    `exec ${GUARD_FD}<&-`,
    // Without the variables bash and bwrap add: the script starts with exactly its own environment.
    'env -u _ -u SHLVL -u PWD -- "$@"',
    'status=$?',
    'kill -KILL $watcher 2>/dev/null',
    'exit $status',
  ].join('\n');
}

/** Inside bubblewrap: everything in the sandbox's PID namespace. */
const IN_SANDBOX = guardProgram('-1');
/** Without isolation: the script's process group (the server starts it in its own). */
const IN_GROUP = guardProgram('0');

const SETPRIV = '/usr/bin/setpriv';
let prefix: Promise<readonly string[]> | undefined;

/** `setpriv --pdeathsig KILL --` (util-linux), or [] where setpriv cannot do that; checked once. */
function deathSignalPrefix(): Promise<readonly string[]> {
  prefix ??= new Promise((resolve) => {
    execFile(SETPRIV, ['--pdeathsig', 'KILL', '--', 'true'], { timeout: 10_000 }, (error) =>
      resolve(error ? [] : [SETPRIV, '--pdeathsig', 'KILL', '--']),
    );
  });
  return prefix;
}

/** `command` behind the guard, to run inside bubblewrap. */
export function guardedInSandbox(command: readonly string[]): string[] {
  return ['bash', '-c', IN_SANDBOX, 'opsdeck-guard', ...command];
}

/**
 * `command` behind the guard without isolation; with setpriv the guard also dies the moment
 * the server does (its watcher then ends the rest of the group once the pipe closes).
 */
export async function guardedUnisolated(command: readonly string[]): Promise<string[]> {
  return [...(await deathSignalPrefix()), 'bash', '-c', IN_GROUP, 'opsdeck-guard', ...command];
}
