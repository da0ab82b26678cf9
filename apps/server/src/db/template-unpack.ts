import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BLOCK = 512;

/** A NUL-terminated text field of a ustar header. */
function field(h: Buffer, start: number, length: number): string {
  const raw = h.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Writes the template (a gzipped ustar of a PGlite data folder, db/make-template.ts) into
 * `target` with plain file writes. PGlite's own `loadDataDir` copies the same files through its
 * WebAssembly file system, which took 3–5 s of a first start; this takes a fraction of a
 * second, and PGlite then opens the folder as it opens any existing database.
 *
 * The files land in a sibling folder first and are renamed into place at the end: a start
 * stopped half way leaves no half-written database behind for the next start to open.
 */
export function unpackTemplate(template: string, target: string): void {
  const tar = zlib.gunzipSync(fs.readFileSync(template));
  const staging = `${target}.unpacking-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true, mode: 0o700 });
  try {
    let offset = 0;
    while (offset + BLOCK <= tar.length) {
      const h = tar.subarray(offset, offset + BLOCK);
      if (h.every((b) => b === 0)) break;
      const prefix = field(h, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(h, 0, 100);
      const size = parseInt(field(h, 124, 12).trim() || '0', 8);
      const mode = parseInt(field(h, 100, 8).trim() || '600', 8) & 0o700;
      const type = field(h, 156, 1) || '0';
      const relative = path.normalize(name.replace(/^\/+/, ''));
      if (!Number.isFinite(size) || relative.startsWith('..') || path.isAbsolute(relative))
        throw new Error(`the database template ${template} holds an unexpected entry (${name})`);
      const dest = path.join(staging, relative);
      offset += BLOCK;
      if (type === '5') fs.mkdirSync(dest, { recursive: true, mode: mode | 0o700 });
      else if (type === '0') {
        fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
        fs.writeFileSync(dest, tar.subarray(offset, offset + size), { mode: mode | 0o600 });
      } else throw new Error(`the database template ${template} holds an entry of type ${type} (${name})`);
      offset += Math.ceil(size / BLOCK) * BLOCK;
    }
    // Only an empty folder is replaced (the caller checked): rmdir refuses anything else.
    if (fs.existsSync(target)) fs.rmdirSync(target);
    fs.renameSync(staging, target);
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw e;
  }
}
