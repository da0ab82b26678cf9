import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createScraper, items, runNow } from '../catalog/helpers.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import {
  bundledDemoDir,
  FILE_ROOTS_HINT,
  fileAccess,
  globBase,
  isUnder,
} from '../../src/sandbox/file-roots.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

const MANIFEST = (name: string) => `apiVersion: v1
kind: ConfigMap
metadata: {name: ${name}, namespace: default, uid: cm-${name}}
`;

describe('file roots configuration', () => {
  it('defaults to DATA_DIR/files and the bundled demo folder, which exists from source', () => {
    const demo = bundledDemoDir();
    expect(demo).toBe(path.resolve(import.meta.dirname, '../../demo'));
    expect(fileAccess(loadConfig({ DATA_DIR: '/srv/opsdeck' })).roots).toEqual(['/srv/opsdeck/files', demo]);
  });

  it('reads FILE_ROOTS separated by commas or colons and refuses relative folders', () => {
    expect(fileAccess(loadConfig({ FILE_ROOTS: '/a, /b/c:/d' })).roots).toEqual(['/a', '/b/c', '/d']);
    expect(() => loadConfig({ FILE_ROOTS: '/a,logs' })).toThrow(ConfigError);
    expect(() => loadConfig({ FILE_ROOTS: '/a,logs' })).toThrow('FILE_ROOTS: "logs" is not an absolute path');
  });

  it('compares by whole path segments and finds the static folder of a glob', () => {
    expect(isUnder('/data/files/a.yaml', '/data/files')).toBe(true);
    expect(isUnder('/data/files', '/data/files')).toBe(true);
    expect(isUnder('/data/files-evil/a.yaml', '/data/files')).toBe(false);
    expect(isUnder('/data', '/data/files')).toBe(false);
    expect(globBase('files/k8s/**/*.yaml').base).toBe('files/k8s');
    expect(globBase('/etc/*.conf').base).toBe('/etc');
    expect(globBase('*.json').base).toBe('.');
  });
});

describe.each(DB_KINDS)('file scrapers and folder checks stay inside the file roots (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let outside: string;
  let roots: string;
  const files = (...p: string[]) => path.join(dataDir, 'files', ...p);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-roots-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-roots-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.yaml'), MANIFEST('stolen'));
    fs.mkdirSync(files('manifests'), { recursive: true });
    fs.writeFileSync(files('manifests', 'app.yaml'), MANIFEST('app'));
    fs.symlinkSync(path.join(outside, 'secret.yaml'), files('manifests', 'link.yaml'));
    fs.symlinkSync(outside, files('escape'));
    fs.mkdirSync(path.join(dataDir, 'files-evil'));
    fs.writeFileSync(path.join(dataDir, 'files-evil', 'x.yaml'), MANIFEST('evil'));
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'not for specs');
    // Default roots: DATA_DIR/files and the bundled demo folder.
    server = await startTestServer(kind, { dataDir });
    roots = `${files()}, ${bundledDemoDir()}`;
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  const saveScraper = (name: string, paths: string[]) =>
    api<{ message: string }>(server, 'POST', '/api/db/config_scrapers', {
      name,
      spec: { file: [{ paths }] },
    });
  const saveCanary = (name: string, folder: string) =>
    api<{ message: string }>(server, 'POST', '/api/db/canaries', {
      name,
      spec: { folder: [{ name, path: folder, minCount: 1 }] },
    });
  const runCheck = async (name: string) => {
    const { rows } = await server.db.query<{ id: string }>('SELECT id FROM checks WHERE name = $1', [name]);
    const r = await api<{ failed: number; errors: string[] }>(
      server,
      'POST',
      `/api/canary/run/check/${rows[0]?.id}`,
    );
    return r.body;
  };

  it('refuses a path outside the roots with a 400 that names the roots', async () => {
    const scraper = await saveScraper('etc', ['/etc/*.conf']);
    expect(scraper.status).toBe(400);
    expect(scraper.body.message).toBe(
      `spec: file.0.paths.0: path /etc is outside the allowed file roots: ${roots}; ${FILE_ROOTS_HINT}`,
    );
    const canary = await saveCanary('etc', '/etc');
    expect(canary.status).toBe(400);
    expect(canary.body.message).toBe(
      `spec.folder.0.path: path /etc is outside the allowed file roots: ${roots}; ${FILE_ROOTS_HINT}`,
    );
    // The refusal says how to allow the folder: the setting and where it is documented.
    expect(canary.body.message).toMatch(
      /; to allow it, add its folder to FILE_ROOTS \(comma-separated absolute folders; README\.md "Configuration"\)$/,
    );
  });

  it('refuses .. traversal, before and after a wildcard', async () => {
    const up = await saveScraper('up', ['files/../secret.key']);
    expect(up.status).toBe(400);
    expect(up.body.message).toContain(
      `path ${path.join(dataDir, 'secret.key')} is outside the allowed file roots`,
    );
    const wild = await saveScraper('wild', ['files/*/../../secret.key']);
    expect(wild.status).toBe(400);
    expect(wild.body.message).toContain('".." after a wildcard is not allowed');
    const canary = await saveCanary('up', '{{dataDir}}/files/..');
    expect(canary.status).toBe(400);
    expect(canary.body.message).toContain(`path ${dataDir} is outside the allowed file roots`);
  });

  it('refuses a sibling folder that merely starts with the root name', async () => {
    const r = await saveScraper('evil', ['files-evil/*.yaml']);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(
      `path ${path.join(dataDir, 'files-evil')} is outside the allowed file roots`,
    );
    expect((await saveCanary('evil', path.join(dataDir, 'files-evil'))).status).toBe(400);
  });

  it('refuses a symlink inside a root that points out of it', async () => {
    const r = await saveScraper('escape', ['files/escape/*.yaml']);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain(`path ${files('escape')} (→ ${fs.realpathSync(outside)}) is outside`);
    expect((await saveCanary('escape', files('escape'))).status).toBe(400);
  });

  it('reads files and folders under the root, skipping a matched link that points out', async () => {
    const id = await createScraper(server, 'manifests', { file: [{ paths: ['files/manifests/*.yaml'] }] });
    const result = await runNow(server, id);
    expect((await items(server, id)).map((i) => i.name)).toEqual(['app']);
    expect(result.errors).toEqual([
      `path ${files('manifests', 'link.yaml')} (→ ${fs.realpathSync(path.join(outside, 'secret.yaml'))}) is outside the allowed file roots: ${roots}; ${FILE_ROOTS_HINT}`,
    ]);
    expect((await saveCanary('manifests', 'files/manifests')).status).toBe(201);
    // app.yaml counts; link.yaml is a symlink, not a file of this folder.
    expect(await runCheck('manifests')).toMatchObject({ failed: 0, errors: [] });
  });

  it('fails at run time when a folder is swapped for a link out after saving', async () => {
    fs.mkdirSync(files('swap'));
    fs.writeFileSync(files('swap', 'ok.yaml'), MANIFEST('before-swap'));
    const id = await createScraper(server, 'swap', { file: [{ paths: ['files/swap/*.yaml'] }] });
    expect((await saveCanary('swap', files('swap'))).status).toBe(201);
    expect((await runNow(server, id)).errors).toEqual([]);
    expect(await runCheck('swap')).toMatchObject({ failed: 0 });

    fs.rmSync(files('swap'), { recursive: true });
    fs.symlinkSync(outside, files('swap'));
    const after = await runNow(server, id);
    expect(after.errors).toEqual([
      `path ${files('swap')} (→ ${fs.realpathSync(outside)}) is outside the allowed file roots: ${roots}; ${FILE_ROOTS_HINT}`,
    ]);
    const names = (await items(server, id)).map((i) => i.name);
    expect(names).not.toContain('stolen');
    const check = await runCheck('swap');
    expect(check.failed).toBe(1);
    expect(check.errors[0]).toContain(
      `swap: path ${files('swap')} (→ ${fs.realpathSync(outside)}) is outside`,
    );
  });
});
