import fs from 'node:fs/promises';
import path from 'node:path';
import { folderCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { allowedRealPath, pathProblem, resolveSpecPath, type FileAccess } from '../../sandbox/file-roots.js';
import { fileFilter, folderTests, folderVerdict, type ListedFile } from './file-listing.js';
import { isRemoteFolder } from './folder-kind.js';
import { listObjectFolder } from './object-folder.js';
import type { CheckRunner } from './types.js';

type FolderSpec = z.infer<typeof folderCheckSchema>;

/** Paths listed through an object-storage SDK instead of the local file system. */
export const isObjectStoragePath = (p: string) => /^(s3|gcs):\/\//.test(p);

/**
 * Save-time check of a canary's folder checks (templates already resolved): each path must
 * lie inside the file roots. Returns "spec.folder.0.path: …" lines.
 */
export async function folderPathProblems(spec: unknown, access: FileAccess): Promise<string[]> {
  const list = (spec as { folder?: unknown } | null)?.folder;
  if (!Array.isArray(list)) return [];
  const problems: string[] = [];
  for (const [i, check] of list.entries()) {
    const p = (check as { path?: unknown } | null)?.path;
    if (typeof p !== 'string' || isObjectStoragePath(p) || isRemoteFolder(check as object)) continue;
    const problem = await pathProblem(p, access);
    if (problem) problems.push(`spec.folder.${i}.path: ${problem}`);
  }
  return problems;
}

/**
 * Folder: counts the files matching the filter (age, size, name regex) against min/max
 * (file-listing.ts); `s3://` and `gcs://` paths list a bucket instead (object-folder.ts). The
 * folder must lie inside the file roots once symlinks are resolved (checked at every run:
 * a link may be swapped after the spec was saved); relative paths are relative to DATA_DIR.
 */
export const folderRunner: CheckRunner<FolderSpec> = {
  type: 'folder',
  schema: folderCheckSchema,
  endpoint: (s) => s.path,
  async run(spec, ctx) {
    if (isObjectStoragePath(spec.path)) return listObjectFolder(spec, ctx);
    const access = ctx.sandbox.files;
    const folder = await allowedRealPath(resolveSpecPath(spec.path, access), access);
    // Entries that are symlinks are not files here (Dirent reports the link): never followed.
    const entries = await fs.readdir(folder, { withFileTypes: true });
    const files: ListedFile[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      const st = await fs.stat(path.join(folder, e.name)).catch(() => undefined);
      if (st) files.push({ name: e.name, size: st.size, modified: st.mtime });
    }
    return folderVerdict(files.filter(fileFilter(spec.filter)), folderTests(spec));
  },
};
