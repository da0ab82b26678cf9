import { fileFilter, type FileFilter, folderTests, folderVerdict } from './file-listing.js';
import type { RemoteListing } from '../../net/remote-listing.js';
import type { RunOutcome } from './types.js';

/**
 * The folder check's filter and tests (file-listing.ts, shared with local and bucket folders) on
 * the files of a remote listing; a missing folder is an empty listing whose message says so.
 */
export function testListing(
  listing: RemoteListing,
  test: Record<string, unknown> & { filter?: FileFilter },
  where: string,
): RunOutcome {
  const files = listing.entries.filter((e) => !e.isDir).filter(fileFilter(test.filter));
  const outcome = folderVerdict(files, folderTests(test));
  if (!listing.missing) return outcome;
  const note = ` (${where} does not exist)`;
  outcome.data.missing = true;
  if (outcome.error) outcome.error += note;
  else outcome.message += note;
  return outcome;
}
