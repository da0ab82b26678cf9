import fs from 'node:fs/promises';
import path from 'node:path';
import { folderCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { loadTinyglobby } from '../../lib/packages.js';
import {
  allowedRealPath,
  globBase,
  globProblem,
  OutsideFileRootsError,
  resolveSpecPath,
  type FileAccess,
} from '../../sandbox/file-roots.js';
import { fileFilter, folderTests, folderVerdict, type ListedFile } from './file-listing.js';
import { isRemoteFolder } from './folder-kind.js';
import { listObjectFolder } from './object-folder.js';
import { type CheckRunner, fail } from './types.js';

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
    const problem = await globProblem(p, access);
    if (problem) problems.push(`spec.folder.${i}.path: ${problem}`);
  }
  return problems;
}

type Candidate = { name: string; file: string };

/** Files directly in a folder; a folder that does not exist is an empty listing (minCount decides). */
async function listFolder(folder: string): Promise<Candidate[]> {
  try {
    // Entries that are symlinks are not files here (Dirent reports the link): never followed.
    const entries = await fs.readdir(folder, { withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => ({ name: e.name, file: path.join(folder, e.name) }));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw e;
  }
}

/** Files matching a glob (`/data/backups/*.tar.gz`, `logs/**\/*.log`); links are not followed. */
async function listGlob(pattern: string, access: FileAccess): Promise<Candidate[]> {
  const problem = await globProblem(pattern, access);
  if (problem) throw new OutsideFileRootsError(problem);
  const absolute = resolveSpecPath(pattern, access);
  const base = resolveSpecPath(globBase(pattern).base, access);
  const { glob } = await loadTinyglobby();
  const files = await glob(absolute, { absolute: true, onlyFiles: true, followSymbolicLinks: false });
  const out: Candidate[] = [];
  for (const file of files) {
    const st = await fs.lstat(file).catch(() => undefined);
    if (!st?.isFile()) continue;
    // Every match is checked against the roots again (a folder on the way may be a link).
    await allowedRealPath(file, access);
    out.push({ name: path.relative(base, file), file });
  }
  return out;
}

/**
 * Folder: counts the files matching the filter (age, size, name regex) against min/max
 * (file-listing.ts); `s3://` and `gcs://` paths list a bucket instead (object-folder.ts). The
 * folder must lie inside the file roots once symlinks are resolved (checked at every run:
 * a link may be swapped after the spec was saved); relative paths are relative to DATA_DIR.
 * `path` may be a glob; a folder that does not exist counts as empty, as in canary-checker.
 */
export const folderRunner: CheckRunner<FolderSpec> = {
  type: 'folder',
  schema: folderCheckSchema,
  endpoint: (s) => s.path,
  async run(spec, ctx) {
    if (isObjectStoragePath(spec.path)) return listObjectFolder(spec, ctx);
    const access = ctx.sandbox.files;
    let keep: (file: ListedFile) => boolean;
    try {
      keep = fileFilter(spec.filter);
    } catch (e) {
      return fail(`filter: ${(e as Error).message}`);
    }
    const candidates = globBase(spec.path).wildcardSegments.length
      ? await listGlob(spec.path, access)
      : await listFolder(await allowedRealPath(resolveSpecPath(spec.path, access), access));
    const files: ListedFile[] = [];
    for (const c of candidates) {
      const st = await fs.stat(c.file).catch(() => undefined);
      if (st) files.push({ name: c.name, size: st.size, modified: st.mtime });
    }
    return folderVerdict(files.filter(keep), folderTests(spec));
  },
};
