import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.js';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const RECORDER = fileURLToPath(new URL('./fixtures/record-packages.mjs', import.meta.url));

/**
 * The client packages of checks, scrapers, connection tests, mail, sign-in and scripts are
 * loaded by their first use (lib/packages.ts): each cost a start 40–300 ms before it could
 * answer /readyz (docs/deploy.md, Start-up time).
 */
const LOADED_ON_FIRST_USE = [
  'mysql2',
  'ssh2',
  'ldapts',
  'nodemailer',
  'pg',
  'pg-connection-string',
  'undici',
  '@node-rs/argon2',
  'openid-client',
  'quickjs-emscripten',
  'tinyglobby',
  '@aws-sdk/client-s3',
  '@google-cloud/storage',
  '@kubernetes/client-node',
];

/** Servers started here, stopped by afterAll should a test time out before its own stop. */
const started = new Set<ChildProcess>();

/** Starts `opsdeck serve` from source and returns the packages it imported until /readyz answered 200. */
async function packagesUntilReady(dataDir: string): Promise<string[]> {
  const port = await freePort();
  const record = path.join(dataDir, 'packages.txt');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', RECORDER, MAIN, 'serve'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO: 'false',
      RECORD_PACKAGES_FILE: record,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (let ready = false; !ready;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(record, { force: true });
    child.kill('SIGUSR2');
    while (!fs.existsSync(record)) await new Promise((r) => setTimeout(r, 50));
    return fs.readFileSync(record, 'utf8').split('\n');
  } finally {
    child.kill('SIGTERM');
    await exit;
    started.delete(child);
  }
}

describe('a start of the server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-start-packages-'));
  afterAll(() => {
    for (const child of started) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz before it loads any client package of checks, connections, mail or sign-in', async () => {
    // The first start hashes the first admin's password (argon2); the restart has nothing to do
    // but open the database and listen.
    await packagesUntilReady(dataDir);
    const loaded = await packagesUntilReady(dataDir);
    // The recorder works: the server's own framework is among them.
    expect(loaded).toContain('fastify');
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  }, 240_000); // two starts from source (tsx) on a shared machine
});
