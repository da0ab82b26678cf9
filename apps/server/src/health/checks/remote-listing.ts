import { parseDuration } from '@opsdeck/shared';
import { parseSize } from './folder.js';
import { fail, pass, type RunOutcome } from './types.js';

/** One entry of a remote folder listing (SFTP, SMB). */
export type RemoteEntry = { name: string; size: number; modified: Date; isDir: boolean };

/** A listing: its entries, or `missing` when the folder does not exist (an empty listing). */
export type RemoteListing = { entries: RemoteEntry[]; missing: boolean };

type Size = string | number | undefined;
type Age = string | number | undefined;

/** canary-checker's folder test fields (FolderTest + filter), as the schemas spell them. */
export type FolderTest = {
  minCount?: number;
  maxCount?: number;
  minAge?: Age;
  maxAge?: Age;
  minSize?: Size;
  maxSize?: Size;
  filter?: { minAge?: Age; maxAge?: Age; minSize?: Size; maxSize?: Size; regex?: string };
};

/** Files kept in the result: `count` still says how many matched. */
const MAX_FILES = 50;

const ms = (v: Age) => parseDuration(v, { defaultUnit: 'ms' });

type FileData = { name: string; size: number; modified: string };
const fileData = (e: RemoteEntry): FileData => ({
  name: e.name,
  size: e.size,
  modified: e.modified.toISOString(),
});

/**
 * The filter picks files (not folders) by age, size and name regex, as the local folder check
 * does; then canary-checker's FolderTest: minCount/maxCount on the matching files, minAge on the
 * newest, maxAge on the oldest, minSize/maxSize on the smallest and largest. data: `count`,
 * `files` (newest first), `newest`, `oldest`, `smallest`, `largest`, `size` (total bytes).
 */
export function testListing(
  listing: RemoteListing,
  test: FolderTest,
  where: string,
  now = Date.now(),
): RunOutcome {
  const f = test.filter ?? {};
  const [minAge, maxAge] = [ms(f.minAge), ms(f.maxAge)];
  const [minSize, maxSize] = [parseSize(f.minSize), parseSize(f.maxSize)];
  const regex = f.regex ? new RegExp(f.regex) : undefined;
  const files = listing.entries
    .filter((e) => !e.isDir)
    .filter((e) => !regex || regex.test(e.name))
    .filter((e) => {
      const age = now - e.modified.getTime();
      return !(
        (minAge !== undefined && age < minAge) ||
        (maxAge !== undefined && age > maxAge) ||
        (minSize !== undefined && e.size < minSize) ||
        (maxSize !== undefined && e.size > maxSize)
      );
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime());
  const bySize = [...files].sort((a, b) => a.size - b.size);
  const total = files.reduce((sum, e) => sum + e.size, 0);
  const pick = (e: RemoteEntry | undefined) => (e ? fileData(e) : null);
  const data = {
    count: files.length,
    files: files.slice(0, MAX_FILES).map(fileData),
    newest: pick(files[0]),
    oldest: pick(files.at(-1)),
    smallest: pick(bySize[0]),
    largest: pick(bySize.at(-1)),
    size: total,
    ...(listing.missing ? { missing: true } : {}),
  };
  const note = listing.missing ? ` (${where} does not exist)` : '';
  const n = files.length;
  if (test.minCount !== undefined && n < test.minCount)
    return fail(`${n} files, expected at least ${test.minCount}${note}`, data);
  if (test.maxCount !== undefined && n > test.maxCount)
    return fail(`${n} files, expected at most ${test.maxCount}`, data);
  const [newest, oldest, smallest, largest] = [files[0], files.at(-1), bySize[0], bySize.at(-1)];
  const [testMin, testMax] = [ms(test.minAge), ms(test.maxAge)];
  if (newest && testMin !== undefined && now - newest.modified.getTime() < testMin)
    return fail(
      `${newest.name} is too new: ${ageText(now - newest.modified.getTime())} old, expected at least ${test.minAge}`,
      data,
    );
  if (oldest && testMax !== undefined && now - oldest.modified.getTime() > testMax)
    return fail(
      `${oldest.name} is too old: ${ageText(now - oldest.modified.getTime())} old, expected at most ${test.maxAge}`,
      data,
    );
  const [testMinSize, testMaxSize] = [parseSize(test.minSize), parseSize(test.maxSize)];
  if (smallest && testMinSize !== undefined && smallest.size < testMinSize)
    return fail(
      `${smallest.name} is too small: ${smallest.size} bytes, expected at least ${test.minSize}`,
      data,
    );
  if (largest && testMaxSize !== undefined && largest.size > testMaxSize)
    return fail(
      `${largest.name} is too large: ${largest.size} bytes, expected at most ${test.maxSize}`,
      data,
    );
  return pass(`${n} files${note}`, data);
}

function ageText(msAge: number): string {
  const s = Math.round(msAge / 1000);
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.round(s / 60)}m`;
  return `${Math.round(s / 3600)}h`;
}
