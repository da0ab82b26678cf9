import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from './fixtures.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type AgentProcess = {
  url: string;
  /** The agent's own DATA_DIR: its embedded database, and `files/` its folder checks may read. */
  dataDir: string;
  /** Stops the process (SIGKILL if SIGTERM has not ended it in 15 s) and removes its data directory. */
  stop(): Promise<void>;
};

/**
 * `opsdeck agent` in a process of its own (the built server), with its own embedded database,
 * pushing to the e2e server. `dataDir` lets the caller prepare the folder the agent's checks read
 * before it starts; a temporary one is made otherwise. Resolves once the agent answers /readyz.
 */
export async function startAgent(
  name: string,
  token: string,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-e2e-agent-')),
): Promise<AgentProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js', 'agent'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'false',
      AUTH_MODE: 'none',
      UPSTREAM_URL: `http://127.0.0.1:${process.env.E2E_PORT}`,
      UPSTREAM_TOKEN: token,
      AGENT_NAME: name,
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    })());
  const url = `http://127.0.0.1:${port}`;
  try {
    await expect(async () => {
      expect(child.exitCode, 'the agent process exited').toBeNull();
      expect((await fetch(`${url}/readyz`)).ok).toBe(true);
    }).toPass({ timeout: 60_000 });
  } catch (e) {
    // A process that never became ready is not left behind.
    await stop();
    throw e;
  }
  return { url, dataDir, stop };
}
