import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenFolders, type ScriptUser } from '../../src/sandbox/hidden-folders.js';
import { scriptFixtureBase } from './fixture-base.js';

const me: ScriptUser = { uid: process.getuid?.() ?? 0, gids: [process.getgid?.() ?? 0] };
/** Someone who owns nothing here and is in no group of ours. */
const stranger: ScriptUser = { uid: 54321, gids: [54321] };

describe('the folders scripts see empty', () => {
  let base: string;
  beforeAll(() => {
    // Outside the temporary folders, which are hidden as a whole.
    base = fs.mkdtempSync(path.join(scriptFixtureBase(), 'hidden-'));
    fs.chmodSync(base, 0o755);
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('cover the data folder by its real path, homes, /run and the temporary folders', async () => {
    const data = path.join(base, 'data');
    fs.mkdirSync(data);
    fs.symlinkSync(data, path.join(base, 'data-link'));
    const hidden = await hiddenFolders(path.join(base, 'data-link'), me);
    expect(hidden).toContain(fs.realpathSync(data));
    for (const dir of ['/tmp', '/run', '/root', fs.realpathSync(os.tmpdir())])
      expect(hidden.some((h) => dir === h || dir.startsWith(`${h}/`))).toBe(true);
    expect(hidden).not.toContain('/');
  });

  it('leave out folders that do not exist and folders inside another covered one', async () => {
    expect(await hiddenFolders(path.join(base, 'not-yet'), me)).not.toContain(path.join(base, 'not-yet'));
    const inTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-data-'));
    try {
      const hidden = await hiddenFolders(inTmp, me);
      expect(hidden).not.toContain(fs.realpathSync(inTmp));
      const sorted = [...hidden];
      for (const a of sorted) for (const b of sorted) if (a !== b) expect(a.startsWith(`${b}/`)).toBe(false);
    } finally {
      fs.rmSync(inTmp, { recursive: true, force: true });
    }
  });

  it("leave alone a data folder the script's user cannot walk to (bubblewrap could not mount there)", async () => {
    const closed = path.join(base, 'closed');
    const data = path.join(closed, 'data');
    fs.mkdirSync(data, { recursive: true });
    fs.chmodSync(closed, 0o700);
    expect(await hiddenFolders(data, stranger)).not.toContain(data);
    expect(await hiddenFolders(data, me)).toContain(data);
    fs.chmodSync(closed, 0o711); // searchable by everyone, listable by no one
    expect(await hiddenFolders(data, stranger)).toContain(data);
  });
});
