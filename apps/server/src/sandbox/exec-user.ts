import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The account a script runs as: EXEC_USER resolved to numbers for spawn's uid/gid. */
export type ExecIdentity = { name: string; uid: number; gid: number };

/** EXEC_USER cannot be used: scripts do not run until it is fixed. */
export class ExecUserError extends Error {}

type Entry = { name: string; id: number; gid?: number };

/** name:x:id:gid:… lines of /etc/passwd or /etc/group. */
async function readDatabase(file: string): Promise<Entry[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .map((line) => line.split(':'))
    .filter((f) => f.length >= 3 && f[0])
    .map((f) => ({ name: f[0] ?? '', id: Number(f[2]), gid: f[3] === undefined ? undefined : Number(f[3]) }));
}

/** Users from LDAP and other name services are not in /etc/passwd: ask `id`. */
async function askId(flag: '-u' | '-g', user: string): Promise<number | undefined> {
  try {
    const { stdout } = await run('id', [flag, '--', user], { timeout: 5000 });
    const n = Number(stdout.trim());
    return Number.isInteger(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

async function lookupUser(user: string): Promise<{ uid: number; gid: number } | undefined> {
  if (/^\d+$/.test(user)) {
    const uid = Number(user);
    const known = (await readDatabase('/etc/passwd')).find((e) => e.id === uid);
    return { uid, gid: known?.gid ?? uid };
  }
  const entry = (await readDatabase('/etc/passwd')).find((e) => e.name === user);
  if (entry?.gid !== undefined && Number.isInteger(entry.id)) return { uid: entry.id, gid: entry.gid };
  const uid = await askId('-u', user);
  const gid = await askId('-g', user);
  return uid === undefined || gid === undefined ? undefined : { uid, gid };
}

async function lookupGroup(group: string): Promise<number | undefined> {
  if (/^\d+$/.test(group)) return Number(group);
  return (await readDatabase('/etc/group')).find((e) => e.name === group)?.id;
}

const cache = new Map<string, Promise<ExecIdentity>>();

async function resolve(spec: string): Promise<ExecIdentity> {
  const [user = '', group] = spec.split(':');
  const found = await lookupUser(user);
  if (!found) throw new ExecUserError(`EXEC_USER ${spec}: no such user on this machine`);
  let gid = found.gid;
  if (group !== undefined) {
    const g = await lookupGroup(group);
    if (g === undefined) throw new ExecUserError(`EXEC_USER ${spec}: no such group on this machine`);
    gid = g;
  }
  if (found.uid === 0 || gid === 0) {
    throw new ExecUserError(`EXEC_USER ${spec} is root: scripts must run as an unprivileged user`);
  }
  return { name: spec, uid: found.uid, gid };
}

/** EXEC_USER (`name`, `uid`, `name:group` or `uid:gid`) → uid and gid, looked up once per process. */
export function resolveExecUser(spec: string): Promise<ExecIdentity> {
  let p = cache.get(spec);
  if (!p) {
    p = resolve(spec);
    // A failed lookup is retried next time (the user may be created meanwhile).
    p.catch(() => cache.delete(spec));
    cache.set(spec, p);
  }
  return p;
}
