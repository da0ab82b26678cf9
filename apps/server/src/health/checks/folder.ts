import fs from 'node:fs/promises';
import path from 'node:path';
import { folderCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { glob } from 'tinyglobby';
import {
  allowedRealPath,
  globBase,
  globProblem,
  OutsideFileRootsError,
  resolveSpecPath,
  type FileAccess,
} from '../../sandbox/file-roots.js';
import { type CheckRunner, fail, pass } from './types.js';
import { ownTable, parseDuration } from '@opsdeck/shared';

type FolderSpec = z.infer<typeof folderCheckSchema>;

const SIZE_UNITS: Record<string, number> = ownTable({
  '': 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  ki: 1024,
  kib: 1024,
  m: 1e6,
  mb: 1e6,
  mi: 1048576,
  mib: 1048576,
  g: 1e9,
  gb: 1e9,
  gi: 1073741824,
  gib: 1073741824,
});

/** "10", "10kb", "5Mi" → bytes. */
export function parseSize(v: string | number | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') return v;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(v);
  const unit = SIZE_UNITS[(m?.[2] ?? '').toLowerCase()];
  if (!m || unit === undefined) throw new Error(`invalid size "${v}"`);
  return Number(m[1]) * unit;
}

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
    if (typeof p !== 'string') continue;
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
 * Folder: counts the files matching the filter (age, size, name regex) against min/max. The
 * folder must lie inside the file roots once symlinks are resolved (checked at every run:
 * a link may be swapped after the spec was saved); relative paths are relative to DATA_DIR.
 * `path` may be a glob; a folder that does not exist counts as empty, as in canary-checker.
 */
export const folderRunner: CheckRunner<FolderSpec> = {
  type: 'folder',
  schema: folderCheckSchema,
  endpoint: (s) => s.path,
  async run(spec, ctx) {
    const access = ctx.sandbox.files;
    const f = spec.filter ?? {};
    const minAge = parseDuration(f.minAge, { defaultUnit: 'ms' });
    const maxAge = parseDuration(f.maxAge, { defaultUnit: 'ms' });
    const minSize = parseSize(f.minSize);
    const maxSize = parseSize(f.maxSize);
    let regex: RegExp | undefined;
    try {
      regex = f.regex ? new RegExp(f.regex) : undefined;
    } catch (e) {
      return fail(`filter.regex is not a valid regular expression: ${(e as Error).message}`);
    }
    const candidates = globBase(spec.path).wildcardSegments.length
      ? await listGlob(spec.path, access)
      : await listFolder(await allowedRealPath(resolveSpecPath(spec.path, access), access));
    const now = Date.now();
    const files: { name: string; size: number; modified: string }[] = [];
    for (const c of candidates) {
      if (regex && !regex.test(c.name)) continue;
      const st = await fs.stat(c.file).catch(() => undefined);
      if (!st) continue;
      const age = now - st.mtimeMs;
      if (minAge !== undefined && age < minAge) continue;
      if (maxAge !== undefined && age > maxAge) continue;
      if (minSize !== undefined && st.size < minSize) continue;
      if (maxSize !== undefined && st.size > maxSize) continue;
      files.push({ name: c.name, size: st.size, modified: st.mtime.toISOString() });
    }
    files.sort((a, b) => (a.modified < b.modified ? 1 : -1));
    const data = { count: files.length, files: files.slice(0, 50), newest: files[0] ?? null };
    if (spec.minCount !== undefined && files.length < spec.minCount) {
      return fail(`${files.length} files, expected at least ${spec.minCount}`, data);
    }
    if (spec.maxCount !== undefined && files.length > spec.maxCount) {
      return fail(`${files.length} files, expected at most ${spec.maxCount}`, data);
    }
    return pass(`${files.length} files`, data);
  },
};
