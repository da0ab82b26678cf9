import fs from 'node:fs';
import os from 'node:os';

/** Removes the temporary data directory of the e2e server. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.startsWith(os.tmpdir()) && !process.env.E2E_BASE_URL)
    fs.rmSync(dir, { recursive: true, force: true });
}
