import fs from 'node:fs/promises';
import type { FileLogBackend, LogItem } from '@opsdeck/shared';
import { loadTinyglobby } from '../../lib/packages.js';
import { allowedRealPath, globProblem, OutsideFileRootsError } from '../../sandbox/file-roots.js';
import { lineMatcher, lineTimestamp } from './lines.js';
import { eachLineFromEnd } from './tail.js';
import { LogBackendError, type LogBackend, type LogQuery } from './types.js';

/** The latest matching lines of one file, oldest first, and whether reading stopped at the limit. */
async function searchFile(
  file: string,
  labels: Record<string, string>,
  q: LogQuery,
  signal: AbortSignal,
): Promise<{ lines: LogItem[]; count: number }> {
  const { mtime } = await fs.stat(file);
  const matches = lineMatcher(q.query);
  const found: LogItem[] = [];
  const start = q.start.getTime();
  const end = q.end.getTime();
  await eachLineFromEnd(
    file,
    (line) => {
      if (line === '' || !matches(line)) return true;
      const stamped = lineTimestamp(line);
      const at = (stamped ?? mtime).getTime();
      if (at > end) return true;
      // Log files grow in time order: a stamped line older than the range ends the search.
      if (at < start) return stamped === undefined ? true : false;
      found.push({ timestamp: new Date(at).toISOString(), message: line, labels: { ...labels, path: file } });
      return found.length < q.limit;
    },
    signal,
  );
  return { lines: found.reverse(), count: found.length };
}

/**
 * Log files matched by globs (relative to DATA_DIR) inside the allowed file roots: one result
 * per line, read from the end; the timestamp a line starts with, else the file's mtime.
 */
export const fileBackend: LogBackend<FileLogBackend> = {
  async search(spec, q, ctx) {
    for (const p of spec.path) {
      const problem = await globProblem(p, ctx.files);
      if (problem) throw new LogBackendError(problem);
    }
    const { glob } = await loadTinyglobby();
    const files = await glob(spec.path, { cwd: ctx.files.baseDir, absolute: true, onlyFiles: true });
    const results: LogItem[] = [];
    let total = 0;
    for (const file of files.sort()) {
      let real: string;
      try {
        real = await allowedRealPath(file, ctx.files);
      } catch (e) {
        if (e instanceof OutsideFileRootsError) throw new LogBackendError(e.message);
        throw e;
      }
      const { lines, count } = await searchFile(real, spec.labels ?? {}, q, ctx.signal);
      results.push(...lines);
      total += count;
    }
    return { total, results };
  },
};
