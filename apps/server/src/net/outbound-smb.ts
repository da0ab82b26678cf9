import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type OutboundCall, resolveOutboundAddress } from './outbound.js';
import type { RemoteEntry, RemoteListing } from './remote-listing.js';
import type { SmbLocation } from './smb-path.js';

export type SmbCredentials = { username?: string; password?: string; domain?: string };

/** `user@domain` carries the domain when none is given (canary-checker's Authentication). */
export function smbUserCredentials(
  username: string | undefined,
  password: string | undefined,
  domain: string | undefined,
): SmbCredentials {
  const at = username?.lastIndexOf('@') ?? -1;
  if (!domain && username && at > 0)
    return { username: username.slice(0, at), password, domain: username.slice(at + 1) };
  return { username, password, domain };
}

/** Output kept from smbclient: a listing larger than this is cut. */
const MAX_OUTPUT = 4 * 1024 * 1024;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// "  name.txt      A      8  Fri Nov 27 17:00:00 2026" (times in UTC: the child runs with TZ=UTC).
const LINE = /^ {2}(.+?)\s+([A-Za-z]*)\s+(\d+)\s+\w{3} (\w{3}) +(\d{1,2}) (\d\d):(\d\d):(\d\d) (\d{4})$/;

/** Reads smbclient's `ls` lines; `.` and `..` are left out. */
export function parseSmbLs(out: string): RemoteEntry[] {
  const entries: RemoteEntry[] = [];
  for (const line of out.split('\n')) {
    const m = LINE.exec(line.replace(/\r$/, ''));
    if (!m) continue;
    const [, name = '', attrs = '', size, mon = '', day, hh, mm, ss, year] = m;
    if (name === '.' || name === '..') continue;
    const month = MONTHS.indexOf(mon);
    const modified = new Date(Date.UTC(Number(year), month, Number(day), Number(hh), Number(mm), Number(ss)));
    entries.push({ name, size: Number(size), modified, isDir: attrs.includes('D') });
  }
  return entries;
}

/** A clear reason from smbclient's NT_STATUS code. */
function smbError(out: string, loc: SmbLocation, creds: SmbCredentials): Error {
  const status = /NT_STATUS_[A-Z_]+/.exec(out)?.[0];
  const where = `//${loc.host}:${loc.port}/${loc.share}`;
  switch (status) {
    case 'NT_STATUS_LOGON_FAILURE':
      return new Error(
        `SMB login as ${creds.username ?? '(guest)'} to ${where} failed: wrong username or password`,
      );
    case 'NT_STATUS_BAD_NETWORK_NAME':
      return new Error(`share ${loc.share} does not exist on ${loc.host}:${loc.port}`);
    case 'NT_STATUS_ACCESS_DENIED':
      return new Error(`access denied to ${where}/${loc.dir}`);
    case 'NT_STATUS_CONNECTION_REFUSED':
      return new Error(`connection to ${loc.host}:${loc.port} refused`);
    case 'NT_STATUS_IO_TIMEOUT':
      return new Error(`connection to ${loc.host}:${loc.port} timed out`);
  }
  const line = out.split('\n').find((l) => l.trim()) ?? 'no output';
  return new Error(`smbclient failed on ${where}: ${status ?? line.trim()}`);
}

/** Statuses that mean the folder is not there: an empty listing, as for local folders. */
const MISSING = /NT_STATUS_(OBJECT_NAME_NOT_FOUND|OBJECT_PATH_NOT_FOUND|NO_SUCH_FILE|NOT_A_DIRECTORY)/;

/**
 * Lists an SMB folder with Samba's `smbclient` (a child process, its arguments an array, never a
 * shell), against the address the outbound policy checked. The password goes in through a
 * credentials file readable only by the server, never on the command line; the child is killed
 * at the check's time limit.
 */
export async function listSmb(
  loc: SmbLocation,
  creds: SmbCredentials,
  ctx: OutboundCall,
): Promise<RemoteListing> {
  const address = await resolveOutboundAddress(loc.host, ctx.outbound);
  const server = address.family === 6 ? `[${address.address}]` : address.address;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'opsdeck-smb-'));
  try {
    const authFile = path.join(dir, 'auth');
    const lines = creds.username
      ? [
          `username = ${creds.username}`,
          `password = ${creds.password ?? ''}`,
          ...(creds.domain ? [`domain = ${creds.domain}`] : []),
        ]
      : [];
    for (const l of lines)
      if (/[\r\n]/.test(l)) throw new Error('SMB credentials must not contain line breaks');
    await fs.writeFile(authFile, `${lines.join('\n')}\n`, { mode: 0o600 });
    const emptyConf = path.join(dir, 'smb.conf');
    await fs.writeFile(emptyConf, '', { mode: 0o600 });
    const mask = loc.dir ? `${loc.dir.replace(/\//g, '\\')}\\*` : '*';
    const args = [
      `//${server}/${loc.share}`,
      `--port=${loc.port}`,
      `--configfile=${emptyConf}`,
      // The address is already resolved: no NetBIOS or WINS lookups.
      '--name-resolve=host',
      '--option=client min protocol=SMB2',
      `--timeout=${Math.max(1, Math.ceil(ctx.timeoutMs / 1000))}`,
      ...(creds.username ? [`--authentication-file=${authFile}`] : ['--no-pass']),
      // The folder is checked (parseSmbPath refuses quotes and control characters) and quoted.
      `--command=ls "${mask}"`,
    ];
    const { code, output } = await run(args, ctx, dir);
    if (code === 0) return { entries: parseSmbLs(output), missing: false };
    if (MISSING.test(output) && !/NT_STATUS_(LOGON_FAILURE|BAD_NETWORK_NAME|ACCESS_DENIED)/.test(output))
      return { entries: [], missing: true };
    throw smbError(output, loc, creds);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function run(
  args: string[],
  ctx: OutboundCall,
  cwd: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('smbclient', args, {
      cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TZ: 'UTC', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: ctx.signal,
      killSignal: 'SIGKILL',
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT')
        reject(new Error('smbclient is not installed on this server (Debian package smbclient)'));
      else reject(ctx.signal.aborted ? (ctx.signal.reason as Error) : e);
    });
    child.once('close', (code) => resolve({ code, output }));
  });
}
