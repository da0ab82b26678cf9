import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packTemplate } from '../../src/db/template-pack.js';
import { unpackTemplate } from '../../src/db/template-unpack.js';

/** A one-file tar whose entry is named `name` (the header as packTemplate writes it). */
function tarWithEntry(root: string, name: string): string {
  const src = path.join(root, 'src');
  fs.mkdirSync(src, { recursive: true });
  fs.writeFileSync(path.join(src, 'x'.repeat(name.length)), 'data');
  const tar = packTemplate(src);
  // Renamed in place (same length); the unpacker reads names, not the header checksum.
  tar.write(name, 0);
  const file = path.join(root, 'evil.tar.gz');
  fs.writeFileSync(file, zlib.gzipSync(tar));
  return file;
}

/**
 * A first start writes the build's database template into DATA_DIR/pgdata itself
 * (db/template-unpack.ts): what it writes stays inside that folder, and a template it cannot
 * read leaves no half-written database behind for the next start to open.
 */
describe('unpacking the first-start database template', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-unpack-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes the folders and files it holds into the empty data folder', () => {
    const src = path.join(root, 'src');
    fs.mkdirSync(path.join(src, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(src, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(src, 'base', '1', '1259'), Buffer.alloc(8192, 7));
    const file = path.join(root, 't.tar.gz');
    fs.writeFileSync(file, zlib.gzipSync(packTemplate(src)));
    const target = path.join(root, 'data', 'pgdata');
    fs.mkdirSync(target, { recursive: true });

    unpackTemplate(file, target);
    expect(fs.readFileSync(path.join(target, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(fs.readFileSync(path.join(target, 'base', '1', '1259'))).toEqual(Buffer.alloc(8192, 7));
    expect(fs.readdirSync(path.join(root, 'data'))).toEqual(['pgdata']);
  });

  it('refuses an entry that leads out of the data folder, and leaves the folder empty', () => {
    const file = tarWithEntry(root, '../../escaped');
    const target = path.join(root, 'data', 'pgdata');
    fs.mkdirSync(target, { recursive: true });

    expect(() => unpackTemplate(file, target)).toThrow(/unexpected entry \(\.\.\/\.\.\/escaped\)/);
    expect(fs.existsSync(path.join(root, 'escaped'))).toBe(false);
    expect(fs.readdirSync(path.join(root, 'data'))).toEqual(['pgdata']);
    expect(fs.readdirSync(target)).toEqual([]);
  });
});
