import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** Folders scripts see empty whatever the data folder (sandbox/hidden-folders.ts), as real paths. */
const ALWAYS_HIDDEN = ['/tmp', '/var/tmp', os.tmpdir(), '/home', '/root', '/run', os.homedir()].flatMap(
  (p) => {
    try {
      return [fs.realpathSync(p)];
    } catch {
      return [];
    }
  },
);

/**
 * Where sandbox tests make folders that must lie outside every folder scripts see empty: the
 * checkout's `.tmp`, unless the checkout itself lies in such a folder (a CI clone in /tmp or a
 * home); then, as root, a folder of its own under /var/lib. Made searchable by everyone.
 */
export function scriptFixtureBase(): string {
  const repo = fs.realpathSync(REPO);
  const hidden = ALWAYS_HIDDEN.some((dir) => repo === dir || repo.startsWith(`${dir}/`));
  const base =
    hidden && process.getuid?.() === 0 ? '/var/lib/opsdeck-sandbox-tests' : path.join(REPO, '.tmp');
  fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  return base;
}
