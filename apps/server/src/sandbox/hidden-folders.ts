import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isUnder } from './file-roots.js';

/** Whose permissions the script has: its uid and groups (for deciding what it could reach). */
export type ScriptUser = { uid: number; gids: readonly number[] };

/**
 * Folders a script sees empty: the data folder (secret.key, the PGlite files under pgdata, the
 * files of FILE_ROOTS' default), every home (~/.kube, ~/.pgpass, ~/.aws, ~/.ssh of the server's
 * user and everyone else), /run (sockets, e.g. PostgreSQL's, where a script could sign in as
 * the server's OS user) and the temporary folders (other scripts' work folders).
 */
function candidates(dataDir: string | undefined): string[] {
  return [
    '/tmp',
    '/var/tmp',
    os.tmpdir(),
    '/run',
    '/var/run',
    '/root',
    '/home',
    os.homedir(),
    serverUserHome(),
    ...(dataDir ? [dataDir] : []),
  ].filter((p): p is string => !!p);
}

/** The home in the password database, when HOME points elsewhere (or is unset). */
function serverUserHome(): string | undefined {
  try {
    return os.userInfo().homedir;
  } catch {
    return undefined;
  }
}

async function realDirectory(p: string): Promise<string | undefined> {
  try {
    const real = await fs.realpath(p);
    return (await fs.stat(real)).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

function searchable(st: { uid: number; gid: number; mode: number }, user: ScriptUser): boolean {
  if (st.uid === user.uid) return (st.mode & 0o100) !== 0;
  if (user.gids.includes(st.gid)) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}

/**
 * Whether the script's user can walk to `dir` (search permission on every folder above it).
 * bubblewrap mounts as that user: a folder it cannot reach cannot be covered, and need not be —
 * the script cannot reach it either (ACLs aside, which this reads as the mode bits say).
 */
async function reachable(dir: string, user: ScriptUser): Promise<boolean> {
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    const st = await fs.stat(parent).catch(() => undefined);
    if (!st || !searchable(st, user)) return false;
    if (parent === path.dirname(parent)) return true;
  }
}

/**
 * The folders to cover, as real paths: existing directories the script's user could reach,
 * never `/`, and none inside another (covering the outer one hides it already). Looked up for
 * every script: the data folder may appear after the server started.
 */
export async function hiddenFolders(dataDir: string | undefined, user: ScriptUser): Promise<string[]> {
  const found = new Set<string>();
  for (const p of candidates(dataDir)) {
    const real = await realDirectory(p);
    if (real && real !== '/' && (await reachable(real, user))) found.add(real);
  }
  const sorted = [...found].sort((a, b) => a.length - b.length);
  return sorted.filter((dir, i) => !sorted.slice(0, i).some((outer) => isUnder(dir, outer)));
}

/**
 * Folders shown again, read-only, inside a covered one so names resolve: systemd-resolved's
 * /run/systemd/resolve (its stub resolv.conf and socket) and wherever /etc/resolv.conf points
 * (resolvconf's /run/resolvconf, NetworkManager's /run/NetworkManager).
 */
export async function dnsFolders(hidden: readonly string[], user: ScriptUser): Promise<string[]> {
  const resolvConf = await fs.realpath('/etc/resolv.conf').catch(() => undefined);
  const wanted = ['/run/systemd/resolve', ...(resolvConf ? [path.dirname(resolvConf)] : [])];
  const shown = new Set<string>();
  for (const p of wanted) {
    const real = await realDirectory(p);
    if (real && hidden.some((dir) => real !== dir && isUnder(real, dir)) && (await reachable(real, user)))
      shown.add(real);
  }
  return [...shown];
}
