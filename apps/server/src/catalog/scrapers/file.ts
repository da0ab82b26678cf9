import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileScraperSpec } from '@opsdeck/shared';
import YAML from 'yaml';
import { loadTinyglobby } from '../../lib/packages.js';
import {
  allowedRealPath,
  fileAccess,
  globProblem,
  isUnder,
  OutsideFileRootsError,
} from '../../sandbox/file-roots.js';
import { extractItems } from '../extract.js';
import { parseProperties } from '../properties.js';
import { emptyOutput, type ScrapeOutput } from '../types.js';
import { checkoutGit, gitUrlOf } from './git.js';
import type { ScrapeContext, ScraperKindRunner } from './types.js';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Format = NonNullable<FileScraperSpec['format']>;

function formatOf(file: string, declared: Format | undefined): Format {
  if (declared) return declared;
  const ext = path.extname(file).toLowerCase();
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.json') return 'json';
  if (ext === '.properties') return 'properties';
  return 'yaml';
}

/** Documents of one file: JSON, multi-document YAML, one JSON value per line, or properties. */
export function parseDocuments(text: string, format: Format): unknown[] {
  if (format === 'json') return [JSON.parse(text)];
  if (format === 'properties') return [parseProperties(text)];
  if (format === 'ndjson') {
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.length > 0)
      .map((l, i) => {
        try {
          return JSON.parse(l) as unknown;
        } catch (e) {
          throw new Error(`line ${i + 1}: ${(e as Error).message}`);
        }
      });
  }
  const docs = YAML.parseAllDocuments(text);
  const out: unknown[] = [];
  for (const d of docs) {
    if (d.errors.length) throw new Error(d.errors[0]?.message ?? 'invalid YAML');
    const v: unknown = d.toJS({ maxAliasCount: 100 });
    if (v !== null && v !== undefined) out.push(v);
  }
  return out;
}

type Source = {
  /** Absolute paths of the matched files. */
  files: string[];
  /** The real path of a match, or an error when it may not be read. */
  realPath: (file: string) => Promise<string>;
  /** How a file is named in errors. */
  label: (file: string) => string;
};

/** Plain paths: globs relative to DATA_DIR, only inside the file roots. */
async function localSource(entry: FileScraperSpec, sc: ScrapeContext, out: ScrapeOutput): Promise<Source> {
  const access = fileAccess(sc.ctx.config);
  const patterns: string[] = [];
  for (const p of entry.paths) {
    const problem = await globProblem(p, access);
    if (problem) out.errors.push(problem);
    else patterns.push(p);
  }
  const { glob } = await loadTinyglobby();
  const files = patterns.length
    ? await glob(patterns, {
        cwd: access.baseDir,
        absolute: true,
        onlyFiles: true,
        ignore: entry.ignore ?? [],
      })
    : [];
  if (patterns.length && files.length === 0) out.errors.push(`No files match ${patterns.join(', ')}`);
  return { files, realPath: (f) => allowedRealPath(f, access), label: (f) => f };
}

/** Globs inside a checked-out repository; a symlink pointing out of it is not followed. */
async function repoSource(
  entry: FileScraperSpec,
  dir: string,
  url: string,
  out: ScrapeOutput,
): Promise<Source> {
  const { glob } = await loadTinyglobby();
  const files = await glob(entry.paths, {
    cwd: dir,
    absolute: true,
    onlyFiles: true,
    ignore: ['.git/**', ...(entry.ignore ?? [])],
  });
  const root = await fs.realpath(dir);
  if (files.length === 0) out.errors.push(`${url}: no files match ${entry.paths.join(', ')}`);
  return {
    files,
    async realPath(f) {
      const real = await fs.realpath(f);
      if (!isUnder(real, root))
        throw new OutsideFileRootsError(`${path.relative(dir, f)}: points outside the repository`);
      return real;
    },
    label: (f) => `${url.split('?')[0]}/${path.relative(dir, f)}`,
  };
}

async function readSource(entry: FileScraperSpec, source: Source, out: ScrapeOutput) {
  const docs: { doc: unknown; where: string }[] = [];
  for (const file of source.files.sort()) {
    try {
      const real = await source.realPath(file);
      const stat = await fs.stat(real);
      if (stat.size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
      const text = await fs.readFile(real, 'utf8');
      for (const doc of parseDocuments(text, formatOf(file, entry.format)))
        docs.push({ doc, where: source.label(file) });
    } catch (e) {
      out.errors.push(
        e instanceof OutsideFileRootsError ? e.message : `${source.label(file)}: ${(e as Error).message}`,
      );
    }
  }
  return docs;
}

/**
 * Files matched by globs → items. Plain paths are relative to DATA_DIR and only files inside
 * the file roots are read: a glob whose folder lies outside is not even listed, and every
 * match is checked by its real path (a symlink may point out, or be swapped after saving).
 * With `url` or `connection`, the globs match inside a local git repository (git.ts).
 */
export const fileScraper: ScraperKindRunner<FileScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    let url: string | undefined;
    try {
      url = await gitUrlOf(entry, sc);
    } catch (e) {
      out.errors.push((e as Error).message);
      return out;
    }
    if (url === undefined) {
      const docs = await readSource(entry, await localSource(entry, sc, out), out);
      const extracted = await extractItems(entry, docs);
      out.items.push(...extracted.items);
      out.errors.push(...extracted.errors);
      return out;
    }
    let checkout;
    try {
      checkout = await checkoutGit(url, sc);
    } catch (e) {
      out.errors.push((e as Error).message);
      return out;
    }
    try {
      const docs = await readSource(entry, await repoSource(entry, checkout.dir, url, out), out);
      const extracted = await extractItems(entry, docs);
      out.items.push(...extracted.items);
      out.errors.push(...extracted.errors);
    } finally {
      await checkout.remove();
    }
    return out;
  },
};
