import { ownTable, parseDuration } from '@opsdeck/shared';
import { fail, pass, type RunOutcome } from './types.js';

/** One file of a listing: a local folder entry or a bucket object. */
export type ListedFile = { name: string; size: number; modified: Date };

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

type Duration = string | number | undefined;
type Size = string | number | undefined;

/** The folder check's `filter`: which files count. */
export type FileFilter = {
  minAge?: Duration;
  maxAge?: Duration;
  minSize?: Size;
  maxSize?: Size;
  regex?: string;
};

/** The folder check's tests on the files that passed the filter. */
export type FolderTests = {
  minCount?: number;
  maxCount?: number;
  minAge?: Duration;
  maxAge?: Duration;
  minSize?: Size;
  maxSize?: Size;
};

const durationOrSize = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
const count = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** The tests of a folder-like spec (its top-level minCount, maxCount, minAge, maxAge, minSize, maxSize). */
export function folderTests(spec: Record<string, unknown>): FolderTests {
  return {
    minCount: count(spec.minCount),
    maxCount: count(spec.maxCount),
    minAge: durationOrSize(spec.minAge),
    maxAge: durationOrSize(spec.maxAge),
    minSize: durationOrSize(spec.minSize),
    maxSize: durationOrSize(spec.maxSize),
  };
}

/** A predicate for the filter (age, size, name regex), with `now` fixed for one listing. */
export function fileFilter(f: FileFilter = {}, now = Date.now()): (file: ListedFile) => boolean {
  const minAge = parseDuration(f.minAge, { defaultUnit: 'ms' });
  const maxAge = parseDuration(f.maxAge, { defaultUnit: 'ms' });
  const minSize = parseSize(f.minSize);
  const maxSize = parseSize(f.maxSize);
  const regex = f.regex ? new RegExp(f.regex) : undefined;
  return (file) => {
    const age = now - file.modified.getTime();
    if (regex && !regex.test(file.name)) return false;
    if (minAge !== undefined && age < minAge) return false;
    if (maxAge !== undefined && age > maxAge) return false;
    if (minSize !== undefined && file.size < minSize) return false;
    if (maxSize !== undefined && file.size > maxSize) return false;
    return true;
  };
}

const show = (f: ListedFile) => ({ name: f.name, size: f.size, modified: f.modified.toISOString() });

/**
 * The verdict on the filtered files: minCount/maxCount, then (as canary-checker) the newest file
 * not younger than minAge, the oldest not older than maxAge, the smallest not under minSize and
 * the largest not over maxSize. `data` holds count, files (newest first, 50 at most), newest,
 * oldest, smallest, largest and the total size.
 */
export function folderVerdict(files: ListedFile[], t: FolderTests, what = 'files'): RunOutcome {
  const sorted = [...files].sort((a, b) => b.modified.getTime() - a.modified.getTime());
  const by = (cmp: (a: ListedFile, b: ListedFile) => boolean) =>
    sorted.reduce<ListedFile | undefined>((best, f) => (!best || cmp(f, best) ? f : best), undefined);
  const newest = sorted[0];
  const oldest = sorted.at(-1);
  const smallest = by((a, b) => a.size < b.size);
  const largest = by((a, b) => a.size > b.size);
  const data = {
    count: files.length,
    files: sorted.slice(0, 50).map(show),
    newest: newest ? show(newest) : null,
    oldest: oldest ? show(oldest) : null,
    smallest: smallest ? show(smallest) : null,
    largest: largest ? show(largest) : null,
    size: files.reduce((n, f) => n + f.size, 0),
  };
  const n = files.length;
  if (t.minCount !== undefined && n < t.minCount)
    return fail(`${n} ${what}, expected at least ${t.minCount}`, data);
  if (t.maxCount !== undefined && n > t.maxCount)
    return fail(`${n} ${what}, expected at most ${t.maxCount}`, data);
  const now = Date.now();
  const minAge = parseDuration(t.minAge, { defaultUnit: 'ms' });
  const maxAge = parseDuration(t.maxAge, { defaultUnit: 'ms' });
  const minSize = parseSize(t.minSize);
  const maxSize = parseSize(t.maxSize);
  const age = (f: ListedFile) => ageText(now - f.modified.getTime());
  if (newest && minAge !== undefined && now - newest.modified.getTime() < minAge)
    return fail(`${newest.name} is too new: ${age(newest)} old, expected at least ${String(t.minAge)}`, data);
  if (oldest && maxAge !== undefined && now - oldest.modified.getTime() > maxAge)
    return fail(`${oldest.name} is too old: ${age(oldest)} old, expected at most ${String(t.maxAge)}`, data);
  if (smallest && minSize !== undefined && smallest.size < minSize)
    return fail(
      `${smallest.name} is too small: ${smallest.size} bytes, expected at least ${String(t.minSize)}`,
      data,
    );
  if (largest && maxSize !== undefined && largest.size > maxSize)
    return fail(
      `${largest.name} is too large: ${largest.size} bytes, expected at most ${String(t.maxSize)}`,
      data,
    );
  return pass(`${n} ${what}`, data);
}

/** 45s, 12m, 30h: an age as people read it in a failure message. */
function ageText(msAge: number): string {
  const s = Math.round(msAge / 1000);
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.round(s / 60)}m`;
  return `${Math.round(s / 3600)}h`;
}
