/** An SMB folder: server, port, share and the folder inside it (`/`-separated, '' for the root). */
export type SmbLocation = { host: string; port: number; share: string; dir: string };

export const SMB_PORT = 445;

// Kept out of every argument given to smbclient, and out of its `-c` command (quoted with `"`).
const UNSAFE = /["\p{Cc}]/u;

function clean(dir: string): string {
  return dir
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p && p !== '.')
    .join('/');
}

/**
 * Reads `smb://host[:port]/share/dir` or `\\host\share\dir` (canary-checker's two spellings).
 * Quotes and control characters are refused: the folder goes into smbclient's `-c` command.
 */
export function parseSmbPath(path: string, defaultPort = SMB_PORT): SmbLocation {
  let host: string;
  let port = defaultPort;
  let rest: string[];
  if (/^smb:\/\//i.test(path)) {
    let url: URL;
    try {
      url = new URL(path);
    } catch {
      throw new Error('path is not a valid smb://host/share/folder URL');
    }
    host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (url.port) port = Number(url.port);
    rest = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  } else if (path.startsWith('\\\\')) {
    const parts = path.replace(/^\\+/, '').split('\\');
    host = parts[0] ?? '';
    rest = parts.slice(1).filter(Boolean);
  } else {
    throw new Error('an SMB path is smb://host/share/folder or \\\\host\\share\\folder');
  }
  const [share = '', ...dir] = rest;
  return smbLocation(host, port, share, dir.join('/'));
}

/** Checks the parts of an SMB location (host, share name, folder) before they reach smbclient. */
export function smbLocation(host: string, port: number, share: string, dir: string): SmbLocation {
  if (!host) throw new Error('the SMB path names no server');
  if (!share) throw new Error('the SMB path names no share (smb://host/share/folder)');
  for (const [what, v] of [
    ['server', host],
    ['share', share],
    ['folder', dir],
  ] as const) {
    if (UNSAFE.test(v)) throw new Error(`the SMB ${what} must not contain quotes or control characters`);
  }
  if (/[\\/]/.test(share)) throw new Error('the SMB share name must not contain slashes');
  return { host, port, share, dir: clean(dir) };
}
