import fs from 'node:fs';
import os from 'node:os';

/**
 * Removes the temporary data directory of the e2e server. The server may still be running
 * (Playwright stops it after this) and writing there, so a directory that refills while it
 * is removed is retried, then left to the OS with a warning rather than failing the run.
 */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !dir.startsWith(os.tmpdir()) || process.env.E2E_BASE_URL) return;
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (err) {
    console.warn(`e2e: left ${dir} behind: ${(err as Error).message}`);
  }
}
