import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Directories this process holds: the pid in the file cannot tell two of our own openers apart. */
const heldHere = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no multi-process locking of its own: two processes on one data directory
 * corrupt it. We take an exclusive lock file holding our pid; a lock left by a process
 * that no longer exists is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'opsdeck.lock');
  if (heldHere.has(file)) {
    throw new DataDirLockedError(
      `The data directory ${dir} is in use by another Opsdeck process (pid ${process.pid}). ` +
        'Stop that process, or point DATA_DIR at another folder.',
    );
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Opsdeck process (pid ${pid}). ` +
            'Stop that process, or point DATA_DIR at another folder.',
        );
      }
      fs.unlinkSync(file); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}
