/** A folder on an SMB share (`smb://…`, `\\host\share`) or behind an `sftpConnection` (`sftp://…`). */
export function isRemoteFolder(check: { path?: unknown; sftpConnection?: unknown }): boolean {
  const p = typeof check.path === 'string' ? check.path : '';
  return Boolean(check.sftpConnection) || /^(smb|sftp):\/\//i.test(p) || p.startsWith('\\\\');
}
