import { Client, type FileEntryWithStats, type SFTPWrapper } from 'ssh2';
import { resolveOutboundAddress } from '../../net/outbound.js';
import type { RemoteListing } from '../../net/remote-listing.js';
import { untilAborted } from '../../lib/abort.js';
import { type RunContext } from './types.js';

export type SftpTarget = { host: string; port: number; username?: string; password?: string; path: string };

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
/** SFTP status "no such file" (draft-ietf-secsh-filexfer, SSH_FX_NO_SUCH_FILE). */
const NO_SUCH_FILE = 2;

function connected(client: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    client.once('ready', () => resolve());
    // Kept for the client's life: a second 'error' (the peer dropping the connection later)
    // with no listener would end the process.
    client.on('error', reject);
  });
}

function openSftp(client: Client): Promise<SFTPWrapper> {
  return new Promise((resolve, reject) => client.sftp((err, sftp) => (err ? reject(err) : resolve(sftp))));
}

function readdir(sftp: SFTPWrapper, path: string): Promise<FileEntryWithStats[] | undefined> {
  return new Promise((resolve, reject) =>
    sftp.readdir(path, (err, list) => {
      if (!err) return resolve(list);
      if ((err as Error & { code?: number }).code === NO_SUCH_FILE) return resolve(undefined);
      reject(new Error(`listing ${path} failed: ${err.message}`));
    }),
  );
}

/**
 * Lists a folder over SFTP with a password login (ssh2), connecting to the address the
 * outbound policy checked. The host key is not pinned (canary-checker does not either).
 */
export async function listSftp(target: SftpTarget, ctx: RunContext): Promise<RemoteListing> {
  if (!target.username) throw new Error('username is required for SFTP');
  const address = await resolveOutboundAddress(target.host, ctx.outbound);
  const client = new Client();
  const close = () => client.end();
  ctx.signal.addEventListener('abort', close, { once: true });
  try {
    const ready = connected(client);
    client.connect({
      host: address.address,
      port: target.port,
      username: target.username,
      password: target.password ?? '',
      readyTimeout: ctx.timeoutMs,
      tryKeyboard: false,
      hostVerifier: () => true,
    });
    await untilAborted(ready, ctx.signal).catch((e: unknown) => {
      const msg = e instanceof Error ? e.message : String(e);
      if (/authentication methods failed/i.test(msg))
        throw new Error(`SFTP login as ${target.username} failed: wrong username or password`);
      throw e;
    });
    const sftp = await untilAborted(openSftp(client), ctx.signal);
    const list = await untilAborted(readdir(sftp, target.path), ctx.signal);
    if (!list) return { entries: [], missing: true };
    return {
      missing: false,
      entries: list
        .filter((e) => e.filename !== '.' && e.filename !== '..')
        .map((e) => ({
          name: e.filename,
          size: e.attrs.size,
          modified: new Date(e.attrs.mtime * 1000),
          isDir: (e.attrs.mode & S_IFMT) === S_IFDIR,
        })),
    };
  } finally {
    ctx.signal.removeEventListener('abort', close);
    client.end();
  }
}
