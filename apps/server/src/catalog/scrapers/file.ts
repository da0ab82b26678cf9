import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileScraperSpec } from '@opsdeck/shared';
import { glob } from 'tinyglobby';
import YAML from 'yaml';
import { allowedRealPath, fileAccess, globProblem, OutsideFileRootsError } from '../../sandbox/file-roots.js';
import { extractItems } from '../extract.js';
import { emptyOutput } from '../types.js';
import type { ScraperKindRunner } from './types.js';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Format = 'json' | 'yaml' | 'ndjson';

function formatOf(file: string, declared: Format | undefined): Format {
  if (declared) return declared;
  const ext = path.extname(file).toLowerCase();
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.json') return 'json';
  return 'yaml';
}

/** Documents of one file: JSON, multi-document YAML, or one JSON value per line. */
export function parseDocuments(text: string, format: Format): unknown[] {
  if (format === 'json') return [JSON.parse(text)];
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

/**
 * Files matched by globs (relative paths are relative to DATA_DIR) → items. Only files inside
 * the file roots are read: a glob whose folder lies outside is not even listed, and every
 * match is checked by its real path (a symlink may point out, or be swapped after saving).
 */
export const fileScraper: ScraperKindRunner<FileScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    const access = fileAccess(sc.ctx.config);
    const patterns: string[] = [];
    for (const p of entry.paths) {
      const problem = await globProblem(p, access);
      if (problem) out.errors.push(problem);
      else patterns.push(p);
    }
    const files = patterns.length
      ? await glob(patterns, {
          cwd: access.baseDir,
          absolute: true,
          onlyFiles: true,
          ignore: entry.ignore ?? [],
        })
      : [];
    if (patterns.length && files.length === 0) out.errors.push(`No files match ${patterns.join(', ')}`);
    const docs: { doc: unknown; where: string }[] = [];
    for (const file of files.sort()) {
      try {
        const real = await allowedRealPath(file, access);
        const stat = await fs.stat(real);
        if (stat.size > MAX_FILE_BYTES) throw new Error(`larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
        const text = await fs.readFile(real, 'utf8');
        for (const doc of parseDocuments(text, formatOf(file, entry.format))) docs.push({ doc, where: file });
      } catch (e) {
        out.errors.push(e instanceof OutsideFileRootsError ? e.message : `${file}: ${(e as Error).message}`);
      }
    }
    const extracted = extractItems(entry, docs);
    out.items.push(...extracted.items);
    out.errors.push(...extracted.errors);
    return out;
  },
};
