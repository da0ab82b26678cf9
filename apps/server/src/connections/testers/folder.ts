import fsp from 'node:fs/promises';
import { allowedRealPath, fileAccess, resolveSpecPath } from '../../sandbox/file-roots.js';
import type { ConnectionTester } from './types.js';

/** Folder: the path exists, lies inside the file roots and can be read. */
export const folderTester: ConnectionTester = {
  types: ['folder'],
  async test(conn, ctx) {
    const given = conn.properties.path?.trim();
    if (!given) throw new Error('the connection has no path');
    const access = fileAccess(ctx.config);
    const real = await allowedRealPath(resolveSpecPath(given, access), access);
    const stat = await fsp.stat(real).catch((e: NodeJS.ErrnoException) => {
      throw new Error(e.code === 'ENOENT' ? `path ${given} does not exist` : `path ${given}: ${e.message}`);
    });
    if (stat.isDirectory()) {
      const entries = await fsp.readdir(real);
      return { path: real, type: 'folder', entries: entries.length };
    }
    await fsp.access(real, fsp.constants.R_OK);
    return { path: real, type: 'file', size: stat.size };
  },
};
