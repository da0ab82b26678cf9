import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

type Run = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

/** Runs the real CLI from source, as `opsdeck <args>`. */
function cli(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function waitForHttp(url: string, run: Run): Promise<void> {
  // A first start runs initdb and every migration; allow for a slow, shared machine.
  for (let i = 0; i < 1200; i++) {
    if (run.child.exitCode !== null) throw new Error(`server exited early:\n${run.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url}:\n${run.output()}`);
}

describe('the opsdeck command on an embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-life-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('says it is starting first, serves with demo data, refuses a second process, stops on SIGTERM and keeps data', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), DEMO: 'true' };
    const first = cli(['serve'], env);
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, first);
    // Before the database opens and the demo is seeded: the first line names what it starts on.
    const [firstLine] = first.output().split('\n');
    expect(JSON.parse(firstLine ?? '{}')).toMatchObject({
      msg: expect.stringMatching(
        new RegExp(`^Opsdeck \\S+ is starting on the embedded database in ${dataDir}$`),
      ),
    });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    const second = cli(['serve'], { ...env, PORT: String(await freePort()) });
    expect(await second.exit).toBe(1);
    expect(second.output()).toMatch(/is in use by another Opsdeck process/);

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(first.output()).toMatch(/SIGTERM received, shutting down/);

    // The demo modules ran once; a second `seed` finds nothing left to do.
    const seed = cli(['seed'], { DATA_DIR: dataDir });
    expect(await seed.exit).toBe(0);
    expect(seed.output()).toMatch(/demo data already present/);
  });

  it('closes the embedded database on a SIGTERM that comes as soon as /readyz answers', async () => {
    // The start answers /readyz before it has finished; a signal then used to kill the process
    // with the database open, so the next start ran crash recovery.
    const port = await freePort();
    const run = cli(['serve'], { DATA_DIR: dataDir, PORT: String(port), DEMO: 'false' });
    await waitForHttp(`http://127.0.0.1:${port}/readyz`, run);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).toMatch(/SIGTERM received(, shutting down| while starting)/);
    // Closed, not abandoned: the data folder's lock is released by the close itself.
    expect(fs.existsSync(path.join(dataDir, 'opsdeck.lock'))).toBe(false);
  });

  it('explains a bad configuration instead of crashing', async () => {
    const run = cli(['serve'], { DATA_DIR: dataDir, PORT: 'not-a-port' });
    expect(await run.exit).toBe(1);
    expect(run.output()).toMatch(/Invalid configuration:\s+PORT/);
  });

  it('rejects an unknown command with the usage text', async () => {
    const run = cli(['frobnicate'], { DATA_DIR: dataDir });
    expect(await run.exit).toBe(2);
    expect(run.output()).toMatch(/Unknown command "frobnicate"/);
  });
});
