import type { folderCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { credentialsOf } from './credentials.js';
import { folderRunner } from './folder.js';
import { testListing } from './remote-listing.js';
import { SFTP_PORT } from './sftp.js';
import { resolveValue } from './values.js';
import { smbCredentials } from './smb.js';
import { listSftp } from '../../net/outbound-sftp.js';
import { listSmb } from '../../net/outbound-smb.js';
import { parseSmbPath, SMB_PORT } from '../../net/smb-path.js';
import { type CheckRunner, redactUrl, type RunContext, type RunOutcome } from './types.js';

type FolderSpec = z.infer<typeof folderCheckSchema>;

/**
 * Folder checks on SFTP and SMB (canary-checker: `sftpConnection`, or a path `smb://host/share/dir`
 * or `\\host\share\dir` with `smbConnection`); undefined for local folders.
 */
export function runRemoteFolder(spec: FolderSpec, ctx: RunContext): Promise<RunOutcome> | undefined {
  const p = spec.path;
  if (/^smb:\/\//i.test(p) || p.startsWith('\\\\')) {
    const conn = spec.smbConnection ?? {};
    const loc = parseSmbPath(p, conn.port ?? SMB_PORT);
    return listSmb(loc, smbCredentials(conn, conn.domain), ctx).then((l) =>
      testListing(l, spec, `${loc.share}/${loc.dir}`),
    );
  }
  if (spec.sftpConnection || /^sftp:\/\//i.test(p)) {
    const conn = spec.sftpConnection;
    const url = /^sftp:\/\//i.test(p) ? new URL(p) : undefined;
    const host = conn?.host ?? url?.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!host) return Promise.reject(new Error('sftpConnection.host is required'));
    const creds = credentialsOf(conn);
    const dir = url ? decodeURIComponent(url.pathname) || '.' : p;
    return listSftp(
      {
        host,
        port: conn?.port ?? (url?.port ? Number(url.port) : SFTP_PORT),
        path: dir,
        username: creds.username ?? (url?.username ? decodeURIComponent(url.username) : undefined),
        password: creds.password ?? (url?.password ? decodeURIComponent(url.password) : undefined),
        privateKey: resolveValue(conn?.privateKey),
      },
      ctx,
    ).then((l) => testListing(l, spec, dir));
  }
  return undefined;
}

/** The folder check: SFTP and SMB folders listed remotely, the rest by the local folder runner. */
export const folderWithRemotesRunner: CheckRunner<FolderSpec> = {
  ...folderRunner,
  // An sftp:// path may carry a password.
  endpoint: (s) => (/^sftp:\/\//i.test(s.path) ? redactUrl(s.path) : folderRunner.endpoint(s)),
  run: (spec, ctx) => runRemoteFolder(spec, ctx) ?? folderRunner.run(spec, ctx),
};
