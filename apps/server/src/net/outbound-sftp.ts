import type { Client, ConnectConfig, FileEntryWithStats, SFTPWrapper } from 'ssh2';
import { loadSsh2 } from '../lib/packages.js';
import { untilAborted } from '../lib/abort.js';
import { type OutboundCall, resolveOutboundAddress } from './outbound.js';
import type { RemoteListing } from './remote-listing.js';

/**
 * Where and how to log in over SFTP. With `privateKey` (PEM or OpenSSH text) the login is by key
 * and `password` is the key's passphrase when it is encrypted; without it, by password.
 */
export type SftpTarget = {
  host: string;
  port: number;
  username?: string;
  password?: string;
  privateKey?: string;
  path: string;
};

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

/** The login part of ssh2's settings: key (with its passphrase) or password, never both. */
function loginOf(
  target: SftpTarget,
): Pick<ConnectConfig, 'username' | 'password' | 'privateKey' | 'passphrase'> {
  const key = target.privateKey?.trim();
  if (!key) return { username: target.username, password: target.password ?? '' };
  return {
    username: target.username,
    privateKey: key,
    ...(target.password ? { passphrase: target.password } : {}),
  };
}

/** ssh2's messages for a refused login or an unreadable key, said for an operator. */
function loginError(e: unknown, target: SftpTarget): Error {
  const msg = e instanceof Error ? e.message : String(e);
  const byKey = Boolean(target.privateKey?.trim());
  if (/authentication methods failed/i.test(msg))
    return new Error(
      byKey
        ? `SFTP login as ${target.username} failed: the server did not accept the private key`
        : `SFTP login as ${target.username} failed: wrong username or password`,
    );
  if (
    /cannot parse privatekey|encrypted private openssh key detected|bad passphrase|no passphrase/i.test(msg)
  )
    return new Error(`the private key could not be read: ${msg.replace(/^Cannot parse privateKey: /i, '')}`);
  return e instanceof Error ? e : new Error(msg);
}

/**
 * Lists a folder over SFTP (ssh2), connecting to the address the outbound policy checked: the
 * one SFTP client of the sftp check, the folder check's `sftpConnection` and Test Connection.
 * The host key is not pinned (canary-checker does not either; no connection stores one).
 */
export async function listSftp(target: SftpTarget, ctx: OutboundCall): Promise<RemoteListing> {
  if (!target.username) throw new Error('username is required for SFTP');
  const address = await resolveOutboundAddress(target.host, ctx.outbound);
  const { Client } = await loadSsh2();
  const client = new Client();
  const close = () => client.end();
  ctx.signal.addEventListener('abort', close, { once: true });
  try {
    const ready = connected(client);
    try {
      client.connect({
        host: address.address,
        port: target.port,
        ...loginOf(target),
        readyTimeout: ctx.timeoutMs,
        tryKeyboard: false,
        hostVerifier: () => true,
      });
    } catch (e) {
      // ssh2 throws at once on a key it cannot parse (or an encrypted one without passphrase).
      ready.catch(() => undefined);
      throw loginError(e, target);
    }
    await untilAborted(ready, ctx.signal).catch((e: unknown) => {
      throw loginError(e, target);
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
