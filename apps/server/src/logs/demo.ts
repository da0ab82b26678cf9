import fs from 'node:fs';
import path from 'node:path';
import { bundledDemoDir, filesDir } from '../sandbox/file-roots.js';

export const DEMO_LOGS_FOLDER = 'demo-logs';
/** Where the demo's log files live, relative to DATA_DIR: inside DATA_DIR/files, a default file root. */
export const DEMO_LOGS_PATH = `files/${DEMO_LOGS_FOLDER}`;

const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)/;

/** The lines of a bundled log moved in time so that its last line is `now`. */
export function shiftToNow(text: string, now: Date): string {
  const lines = text.split('\n');
  const last = [...lines].reverse().find((l) => STAMP.test(l));
  const lastAt = last ? new Date(STAMP.exec(last)?.[1] ?? '').getTime() : now.getTime();
  const delta = now.getTime() - lastAt;
  return lines
    .map((l) => l.replace(STAMP, (ts) => new Date(new Date(ts).getTime() + delta).toISOString()))
    .join('\n');
}

/**
 * Copies the bundled nginx logs (apps/server/demo/logs) into DATA_DIR/files/demo-logs, dated
 * to end now, on every demo start: the default search (the last hour) then finds them.
 */
export function ensureDemoLogs(dataDir: string, now = new Date()): string | undefined {
  const demo = bundledDemoDir();
  const source = demo && path.join(demo, 'logs');
  if (!source || !fs.existsSync(source)) return undefined;
  const target = path.join(filesDir(dataDir), DEMO_LOGS_FOLDER);
  fs.mkdirSync(target, { recursive: true });
  for (const name of fs.readdirSync(source)) {
    if (!name.endsWith('.log')) continue;
    fs.writeFileSync(
      path.join(target, name),
      shiftToNow(fs.readFileSync(path.join(source, name), 'utf8'), now),
    );
  }
  return target;
}
