import fs from 'node:fs';
import path from 'node:path';

const BLOCK = 512;

/** A ustar header for a folder (type 5) or regular file (type 0); names here are short. */
function header(name: string, type: '0' | '5', size: number, mode: number): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`template entry name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0');
  h.write(name, 0, 100);
  h.write(octal(mode, 8), 100, 8);
  h.write(octal(0, 8), 108, 8);
  h.write(octal(0, 8), 116, 8);
  h.write(octal(size, 12), 124, 12);
  h.write(octal(0, 12), 136, 12);
  h.write('        ', 148, 8);
  h.write(type, 156, 1);
  h.write('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${octal(sum, 7)}\u0000`, 148, 8);
  return h;
}

/**
 * The PGlite data folder `dir` as a tar (what db/template-unpack.ts reads back, and `tar tf`
 * lists): folders first, then their files, in name order so two builds of the same
 * migrations write the same bytes.
 */
export function packTemplate(dir: string): Buffer {
  const parts: Buffer[] = [];
  const walk = (rel: string) => {
    const entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const name = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        parts.push(header(name, '5', 0, 0o700));
        walk(name);
      } else if (e.isFile()) {
        const data = fs.readFileSync(path.join(dir, name));
        parts.push(header(name, '0', data.length, 0o600), data);
        parts.push(Buffer.alloc((BLOCK - (data.length % BLOCK)) % BLOCK));
      } else throw new Error(`the database folder holds ${name}, neither a folder nor a file`);
    }
  };
  walk('');
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}
