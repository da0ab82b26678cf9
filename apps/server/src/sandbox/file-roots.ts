import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';

/**
 * Which paths file readers (file scrapers, folder checks, later log files) may read: only
 * below the configured roots, compared after symlinks are resolved, segment by segment.
 */
export type FileAccess = {
  /** Absolute folders; nothing outside them is read. */
  roots: string[];
  /** Relative paths in specs are relative to this folder (DATA_DIR). */
  baseDir: string;
};

/** A path a spec may not read; the message names the allowed roots. */
export class OutsideFileRootsError extends Error {}

/** The folder users put files for scrapers and folder checks in: DATA_DIR/files. */
export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** dist/demo next to the esbuild bundle (everything is in dist/main.js), or apps/server/demo from source. */
export function bundledDemoDir(): string | undefined {
  const candidates = [new URL('./demo/', import.meta.url), new URL('../../demo/', import.meta.url)];
  return candidates.map((u) => path.resolve(fileURLToPath(u))).find((p) => fs.existsSync(p));
}

function defaultFileRoots(dataDir: string): string[] {
  const demo = bundledDemoDir();
  return demo ? [filesDir(dataDir), demo] : [filesDir(dataDir)];
}

export function fileAccess(config: Pick<Config, 'dataDir' | 'sandbox'>): FileAccess {
  return { roots: config.sandbox.fileRoots ?? defaultFileRoots(config.dataDir), baseDir: config.dataDir };
}

/** Creates DATA_DIR/files when the data folder is in use, so the default root exists. */
export function ensureFilesDir(config: Pick<Config, 'dataDir' | 'demo'>): void {
  if (!config.demo && !fs.existsSync(config.dataDir)) return;
  fs.mkdirSync(filesDir(config.dataDir), { recursive: true });
}

/** A spec's path made absolute: relative paths are relative to DATA_DIR. */
export function resolveSpecPath(p: string, access: FileAccess): string {
  return path.resolve(access.baseDir, p);
}

/** True when `child` is `root` or lies below it, by whole segments (`/a/b-x` is not under `/a/b`). */
export function isUnder(child: string, root: string): boolean {
  const rel = path.relative(root, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** realpath of a path that may not exist yet: the nearest existing ancestor resolved, the rest appended. */
async function realPathLoose(p: string): Promise<string> {
  try {
    return await fsp.realpath(p);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const parent = path.dirname(p);
    if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === p) throw e;
    return path.join(await realPathLoose(parent), path.basename(p));
  }
}

async function realRoots(access: FileAccess): Promise<string[]> {
  return Promise.all(access.roots.map((r) => realPathLoose(r).catch(() => path.resolve(r))));
}

/** How an operator allows a folder: the setting, and where it is documented. */
export const FILE_ROOTS_HINT =
  'to allow it, add its folder to FILE_ROOTS (comma-separated absolute folders; README.md "Configuration")';

function outsideMessage(shown: string, real: string, access: FileAccess): string {
  const via = real === shown ? '' : ` (→ ${real})`;
  return `path ${shown}${via} is outside the allowed file roots: ${access.roots.join(', ')}; ${FILE_ROOTS_HINT}`;
}

/**
 * Checks an absolute path against the roots after resolving symlinks; returns its real path.
 * Throws OutsideFileRootsError when it lies outside. Paths that do not exist are checked by
 * their nearest existing ancestor (so a save-time check works before the files arrive).
 */
export async function allowedRealPath(absolute: string, access: FileAccess): Promise<string> {
  const real = await realPathLoose(absolute);
  const roots = await realRoots(access);
  if (!roots.some((root) => isUnder(real, root))) {
    throw new OutsideFileRootsError(outsideMessage(absolute, real, access));
  }
  return real;
}

const GLOB_CHARS = /[*?[\]{}()!+@]/;

/** The folder a glob starts from: its segments before the first one with a wildcard. */
export function globBase(pattern: string): { base: string; wildcardSegments: string[] } {
  const segments = pattern.split('/');
  const i = segments.findIndex((s) => GLOB_CHARS.test(s));
  if (i === -1) return { base: pattern, wildcardSegments: [] };
  const base = segments.slice(0, i).join('/');
  return {
    base: base === '' && pattern.startsWith('/') ? '/' : base || '.',
    wildcardSegments: segments.slice(i),
  };
}

/** Why a path from a spec may not be read, or undefined when it may (save-time check). */
export async function pathProblem(p: string, access: FileAccess): Promise<string | undefined> {
  try {
    await allowedRealPath(resolveSpecPath(p, access), access);
    return undefined;
  } catch (e) {
    if (e instanceof OutsideFileRootsError) return e.message;
    throw e;
  }
}

/**
 * Why a glob from a spec may not be read, or undefined when it may: its static base must lie
 * inside the roots, and no `..` may follow a wildcard (matches could climb out). Every
 * matched file is checked again when it is read.
 */
export async function globProblem(pattern: string, access: FileAccess): Promise<string | undefined> {
  const { base, wildcardSegments } = globBase(pattern);
  if (wildcardSegments.includes('..')) return `path ${pattern}: ".." after a wildcard is not allowed`;
  return pathProblem(base, access);
}
