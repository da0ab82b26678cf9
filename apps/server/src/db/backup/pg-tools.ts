import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './manifest.js';

/** pg_dump / pg_restore: on PATH, else the newest of Debian's /usr/lib/postgresql/<n>/bin. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`])
    .stdout?.toString()
    .trim();
  if (onPath) return onPath;
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  throw new BackupError(
    `${name} was not found: install PostgreSQL's client tools (Debian: postgresql-client) in a version at least the server's`,
  );
}

/** Runs a tool; its error output becomes the message when it fails. */
export function runTool(file: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new BackupError(`${path.basename(file)}: ${e.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`${path.basename(file)} failed (exit ${code}): ${err.trim().slice(0, 2000)}`),
          ),
    );
  });
}
