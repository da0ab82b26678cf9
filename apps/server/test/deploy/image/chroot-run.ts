import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

/**
 * Starts a command of a built image the way a container runtime would, without one (`podman run`
 * cannot set rlimits on this machine): in a private mount and PID namespace whose root is the
 * image's filesystem mounted read-only (pivot_root, as runtimes do: the kernel refuses new user
 * namespaces, which bubblewrap needs, to a chrooted process), with a fresh /tmp, /proc and /dev,
 * the data folder as the only writable volume, the image's user, environment and working
 * directory. The command's first process is PID 1 there, as in a container.
 */

export type ImageConfig = {
  user: string;
  env: Record<string, string>;
  workingDir: string;
  entrypoint: string[];
  cmd: string[];
};

export type RunOptions = {
  /** The image's root filesystem (podman image mount). */
  root: string;
  /** Where the chroot is assembled; made and removed by the caller. */
  mountPoint: string;
  /** Bound at /data (DATA_DIR), the only writable place besides /tmp. */
  dataDir?: string;
  config: ImageConfig;
  /** Replaces the image's CMD. */
  args: string[];
  /** Replaces the image's ENTRYPOINT. */
  entrypoint?: string[];
  env?: Record<string, string>;
  /**
   * Hide parts of /proc as Docker, Podman and Kubernetes do by default (masked and read-only
   * paths); a user namespace may then not mount a /proc of its own.
   */
  maskProc?: boolean;
};

/** The image's configuration, as `podman image inspect` reports it (docker format). */
export function inspectImage(image: string): ImageConfig & {
  labels: Record<string, string>;
  healthcheck: string[] | undefined;
} {
  const res = spawnSync('podman', ['image', 'inspect', image], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`podman image inspect ${image}: ${res.stderr}`);
  const [info] = JSON.parse(res.stdout) as {
    Config: {
      User?: string;
      Env?: string[];
      WorkingDir?: string;
      Entrypoint?: string[];
      Cmd?: string[];
      Labels?: Record<string, string>;
      Healthcheck?: { Test?: string[] };
    };
    /** Where podman reports a docker-format image's HEALTHCHECK. */
    Healthcheck?: { Test?: string[] };
  }[];
  if (!info) throw new Error(`no image ${image}`);
  const c = info.Config;
  const env = Object.fromEntries(
    (c.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return {
    user: c.User ?? '0',
    env,
    workingDir: c.WorkingDir || '/',
    entrypoint: c.Entrypoint ?? [],
    cmd: c.Cmd ?? [],
    labels: c.Labels ?? {},
    healthcheck: c.Healthcheck?.Test ?? info.Healthcheck?.Test,
  };
}

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The paths runtimes mask in /proc by default (runc's and crun's lists), and the read-only ones. */
const MASKED_FILES = ['kcore', 'keys', 'latency_stats', 'timer_list', 'timer_stats', 'sched_debug'];
const MASKED_DIRS = ['acpi', 'scsi'];
const READ_ONLY = ['bus', 'fs', 'irq', 'sys', 'sysrq-trigger'];

function maskProcScript(r: string): string[] {
  return [
    ...MASKED_FILES.map((f) => `[ ! -e ${r}/proc/${f} ] || mount --bind /dev/null ${r}/proc/${f}`),
    ...MASKED_DIRS.map((d) => `[ ! -d ${r}/proc/${d} ] || mount -t tmpfs -o ro tmpfs ${r}/proc/${d}`),
    ...READ_ONLY.map(
      (d) =>
        `[ ! -e ${r}/proc/${d} ] || { mount --bind ${r}/proc/${d} ${r}/proc/${d} && mount -o remount,bind,ro ${r}/proc/${d}; }`,
    ),
  ];
}

/**
 * The mounts, then pivot_root into the image and `exec chroot` (to the new root itself, which
 * changes only the user) as its user; run by `unshare` as PID 1 of a new namespace.
 */
function setupScript(o: RunOptions, argv: string[]): string {
  const r = q(o.mountPoint);
  const user = o.config.user.includes(':') ? o.config.user : `${o.config.user}:${o.config.user}`;
  return [
    'set -e',
    `mount --rbind ${q(o.root)} ${r}`,
    // Read-only root filesystem, as `--read-only` / readOnlyRootFilesystem.
    `mount -o remount,bind,ro ${r}`,
    `mount -t proc proc ${r}/proc`,
    `mount -t tmpfs -o mode=755 tmpfs ${r}/dev`,
    ...['null', 'zero', 'full', 'random', 'urandom', 'tty'].flatMap((d) => [
      `touch ${r}/dev/${d}`,
      `mount --bind /dev/${d} ${r}/dev/${d}`,
    ]),
    ...(o.maskProc ? maskProcScript(r) : []),
    `mount -t tmpfs -o mode=1777 tmpfs ${r}/tmp`,
    ...(o.dataDir ? [`mount --bind ${q(o.dataDir)} ${r}/data`] : []),
    // The host's tree goes away entirely (lazily unmounted), as in a container.
    `cd ${r}`,
    'pivot_root . .',
    'umount -l .',
    'cd /',
    `exec /usr/sbin/chroot --userspec=${q(user)} / /usr/bin/env --chdir=${q(o.config.workingDir)} ${argv.map(q).join(' ')}`,
  ].join('\n');
}

function imageEnv(o: RunOptions): NodeJS.ProcessEnv {
  return {
    // What runtimes add when the image sets none.
    PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    HOME: '/tmp',
    ...o.config.env,
    ...o.env,
  };
}

export type Running = {
  child: ChildProcess;
  output: () => string;
  /** The PID (on the host) of the image's PID 1. */
  initPid: () => number | undefined;
  exited: Promise<number | null>;
};

/** Starts the image's entrypoint with `args` (like `podman run IMAGE args…`). */
export function startInImage(o: RunOptions): Running {
  const argv = [...(o.entrypoint ?? o.config.entrypoint), ...o.args];
  const child = spawn(
    'unshare',
    ['--mount', '--pid', '--fork', '--propagation', 'private', 'sh', '-c', setupScript(o, argv)],
    {
      env: imageEnv(o),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    initPid: () => {
      const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
      const pid = Number(children.split(/\s+/)[0]);
      return Number.isInteger(pid) && pid > 0 ? pid : undefined;
    },
    exited,
  };
}

/** Runs a command in the image to its end (like `podman run --rm IMAGE args…`). */
export async function runInImage(o: RunOptions): Promise<{ code: number | null; output: string }> {
  const run = startInImage(o);
  const code = await run.exited;
  return { code, output: run.output() };
}
