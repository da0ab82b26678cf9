import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A backup file is a gzipped tar (ustar) of a few regular files, so `tar tzf` lists it and
 * `tar xzf` unpacks it without Opsdeck. Only what backups need: regular files, short names.
 */
export type ArchiveEntry = { name: string; mode?: number } & ({ data: Buffer } | { file: string });

const BLOCK = 512;

function header(name: string, size: number, mode: number): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`archive entry name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  const put = (text: string, offset: number, length: number) => h.write(text, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  put(name, 0, 100);
  put(octal(mode, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(Date.now() / 1000), 12), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of h) sum += byte;
  put(`${octal(sum, 7)}\u0000`, 148, 8);
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

async function* tarStream(entries: readonly ArchiveEntry[]): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const mode = entry.mode ?? 0o600;
    if ('data' in entry) {
      yield header(entry.name, entry.data.length, mode);
      yield entry.data;
      yield padding(entry.data.length);
    } else {
      const size = fs.statSync(entry.file).size;
      yield header(entry.name, size, mode);
      for await (const chunk of fs.createReadStream(entry.file)) yield chunk as Buffer;
      yield padding(size);
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries as a .tar.gz readable only by its owner (a backup holds secrets). */
export async function writeArchive(file: string, entries: readonly ArchiveEntry[]): Promise<void> {
  const out = fs.createWriteStream(file, { mode: 0o600 });
  await pipeline(tarStream(entries), zlib.createGzip({ level: 6 }), out);
}

/**
 * Unpacks a .tar.gz written by writeArchive into `dir` and returns the names of its files.
 * Names with a path (or `..`) are refused: a backup only ever holds flat file names.
 */
export async function readArchive(file: string, dir: string): Promise<string[]> {
  const tarFile = path.join(dir, '.archive.tar');
  await pipeline(
    fs.createReadStream(file),
    zlib.createGunzip(),
    fs.createWriteStream(tarFile, { mode: 0o600 }),
  );
  const fd = fs.openSync(tarFile, 'r');
  const names: string[] = [];
  try {
    const total = fs.fstatSync(fd).size;
    const h = Buffer.alloc(BLOCK);
    let offset = 0;
    while (offset + BLOCK <= total) {
      fs.readSync(fd, h, 0, BLOCK, offset);
      if (h.every((b) => b === 0)) break;
      const text = (start: number, length: number) =>
        h
          .subarray(start, start + length)
          .toString('utf8')
          .replace(/\0.*$/s, '')
          .trim();
      const name = text(0, 100);
      const size = parseInt(text(124, 12), 8);
      if (!name || name.includes('/') || name.startsWith('.') || !Number.isFinite(size))
        throw new Error('not an Opsdeck backup (unexpected archive entry)');
      offset += BLOCK;
      const out = fs.openSync(path.join(dir, name), 'w', 0o600);
      try {
        const buf = Buffer.alloc(Math.min(size, 1 << 20));
        for (let done = 0; done < size;) {
          const n = fs.readSync(fd, buf, 0, Math.min(buf.length, size - done), offset + done);
          if (n === 0) throw new Error('the backup file is truncated');
          fs.writeSync(out, buf, 0, n);
          done += n;
        }
      } finally {
        fs.closeSync(out);
      }
      names.push(name);
      offset += size + padding(size).length;
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(tarFile, { force: true });
  }
  return names;
}
