import fs from 'node:fs';
import path from 'node:path';
import { bundledDemoDir, filesDir } from '../sandbox/file-roots.js';

export const DEMO_LOGS_FOLDER = 'demo-logs';
/** Where the demo's log files live, relative to DATA_DIR: inside DATA_DIR/files, a default file root. */
export const DEMO_LOGS_PATH = `files/${DEMO_LOGS_FOLDER}`;

/** A demo log larger than this is started afresh rather than grown further. */
const MAX_DEMO_LOG_BYTES = 4 * 1024 * 1024;

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

function bundledLogs(): { dir: string; names: string[] } | undefined {
  const demo = bundledDemoDir();
  const dir = demo && path.join(demo, 'logs');
  if (!dir || !fs.existsSync(dir)) return undefined;
  return { dir, names: fs.readdirSync(dir).filter((n) => n.endsWith('.log')) };
}

/**
 * Copies the bundled nginx logs (apps/server/demo/logs) into DATA_DIR/files/demo-logs, dated
 * to end now, on every demo start; appendDemoLines keeps them going.
 */
export function ensureDemoLogs(dataDir: string, now = new Date()): string | undefined {
  const bundled = bundledLogs();
  if (!bundled) return undefined;
  const target = path.join(filesDir(dataDir), DEMO_LOGS_FOLDER);
  fs.mkdirSync(target, { recursive: true });
  for (const name of bundled.names) {
    const text = fs.readFileSync(path.join(bundled.dir, name), 'utf8');
    fs.writeFileSync(path.join(target, name), shiftToNow(text, now));
  }
  return target;
}

/**
 * The demo's traffic goes on: appends a few lines, picked from the bundled logs and dated now,
 * to each demo log, so the default range (the last 15 minutes) keeps showing lines. Returns how
 * many lines were written.
 */
export function appendDemoLines(dataDir: string, now = new Date(), random = Math.random): number {
  const bundled = bundledLogs();
  if (!bundled) return 0;
  const target = path.join(filesDir(dataDir), DEMO_LOGS_FOLDER);
  let written = 0;
  for (const name of bundled.names) {
    const file = path.join(target, name);
    if (!fs.existsSync(file) || fs.statSync(file).size > MAX_DEMO_LOG_BYTES) {
      ensureDemoLogs(dataDir, now);
      continue;
    }
    const lines = fs
      .readFileSync(path.join(bundled.dir, name), 'utf8')
      .split('\n')
      .filter((l) => STAMP.test(l));
    // Error logs are quieter than access logs: fewer lines per run.
    const count = Math.max(1, Math.round(random() * (name.includes('error') ? 1 : 4)));
    const out: string[] = [];
    for (let i = 0; i < count && lines.length > 0; i++) {
      const line = lines[Math.floor(random() * lines.length)] ?? '';
      const at = new Date(now.getTime() - (count - 1 - i) * 1000).toISOString();
      out.push(line.replace(STAMP, at));
    }
    fs.appendFileSync(file, `${out.join('\n')}\n`);
    written += out.length;
  }
  return written;
}
