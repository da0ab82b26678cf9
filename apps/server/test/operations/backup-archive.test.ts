import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArchive, writeArchive } from '../../src/db/backup/archive.js';
import { restore } from '../../src/db/backup/index.js';
import { inProcessConfig } from '../in-process-config.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-archive-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the backup file', () => {
  it('is a .tar.gz that tar lists and unpacks, readable by its owner only', async () => {
    const big = path.join(dir, 'big.bin');
    fs.writeFileSync(big, Buffer.alloc(3 * 1024 * 1024 + 17, 7));
    const file = path.join(dir, 'b.tar.gz');
    await writeArchive(file, [
      { name: 'manifest.json', data: Buffer.from('{"a":1}\n'), mode: 0o644 },
      { name: 'database.pgdump', file: big },
    ]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(execFileSync('tar', ['tzf', file]).toString().split('\n').filter(Boolean)).toEqual([
      'manifest.json',
      'database.pgdump',
    ]);
    const out = fs.mkdtempSync(path.join(dir, 'out-'));
    expect(await readArchive(file, out)).toEqual(['manifest.json', 'database.pgdump']);
    expect(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')).toBe('{"a":1}\n');
    expect(fs.readFileSync(path.join(out, 'database.pgdump')).equals(fs.readFileSync(big))).toBe(true);
  });

  it('refuses an archive with paths in it, and a file that is no backup, before changing anything', async () => {
    const src = fs.mkdtempSync(path.join(dir, 'src-'));
    fs.mkdirSync(path.join(src, 'etc'));
    fs.writeFileSync(path.join(src, 'etc', 'passwd'), 'x');
    const evil = path.join(dir, 'evil.tar.gz');
    execFileSync('tar', ['czf', evil, '-C', src, 'etc/passwd']);
    await expect(readArchive(evil, fs.mkdtempSync(path.join(dir, 'o-')))).rejects.toThrow(
      /not an Opsdeck backup/,
    );

    const dataDir = fs.mkdtempSync(path.join(dir, 'data-'));
    const config = inProcessConfig({ DATA_DIR: dataDir });
    const notGzip = path.join(dir, 'notes.txt');
    fs.writeFileSync(notGzip, 'hello');
    await expect(restore(config, notGzip)).rejects.toThrow(/notes\.txt is not an Opsdeck backup/);
    await expect(restore(config, path.join(dir, 'missing.tar.gz'))).rejects.toThrow(/does not exist/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
