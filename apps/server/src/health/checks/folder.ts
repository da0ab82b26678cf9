import fs from 'node:fs/promises';
import path from 'node:path';
import { folderCheckSchema } from '@opsdeck/shared';
import type { z } from 'zod';
import { allowedRealPath, pathProblem, resolveSpecPath, type FileAccess } from '../../sandbox/file-roots.js';
import { isRemoteFolder } from './folder-kind.js';
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
    if (typeof p !== 'string' || isRemoteFolder(check as object)) continue;
    const problem = await pathProblem(p, access);
    if (problem) problems.push(`spec.folder.${i}.path: ${problem}`);
  }
  return problems;
}

/**
 * Folder: counts the files matching the filter (age, size, name regex) against min/max. The
 * folder must lie inside the file roots once symlinks are resolved (checked at every run:
 * a link may be swapped after the spec was saved); relative paths are relative to DATA_DIR.
 */
export const folderRunner: CheckRunner<FolderSpec> = {
  type: 'folder',
  schema: folderCheckSchema,
  endpoint: (s) => s.path,
  async run(spec, ctx) {
    const access = ctx.sandbox.files;
    const folder = await allowedRealPath(resolveSpecPath(spec.path, access), access);
    const f = spec.filter ?? {};
    const minAge = parseDuration(f.minAge, { defaultUnit: 'ms' });
    const maxAge = parseDuration(f.maxAge, { defaultUnit: 'ms' });
    const minSize = parseSize(f.minSize);
    const maxSize = parseSize(f.maxSize);
    const regex = f.regex ? new RegExp(f.regex) : undefined;
    // Entries that are symlinks are not files here (Dirent reports the link): never followed.
    const entries = await fs.readdir(folder, { withFileTypes: true });
    const now = Date.now();
    const files: { name: string; size: number; modified: string }[] = [];
    for (const e of entries) {
      if (!e.isFile()) continue;
      if (regex && !regex.test(e.name)) continue;
      const st = await fs.stat(path.join(folder, e.name)).catch(() => undefined);
      if (!st) continue;
      const age = now - st.mtimeMs;
      if (minAge !== undefined && age < minAge) continue;
      if (maxAge !== undefined && age > maxAge) continue;
      if (minSize !== undefined && st.size < minSize) continue;
      if (maxSize !== undefined && st.size > maxSize) continue;
      files.push({ name: e.name, size: st.size, modified: st.mtime.toISOString() });
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
