import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  answersOk,
  freePort,
  peerDir,
  requireBinary,
  spawnPeer,
  startPeer,
  waitUntilReady,
  type PeerNeeds,
} from './plumbing.js';

export const prometheusNeeds: PeerNeeds = {
  label: 'Prometheus (prometheus)',
  binaries: [['prometheus']],
};

export type PrometheusPeer = {
  host: '127.0.0.1';
  port: number;
  /** `http://127.0.0.1:port` */
  url: string;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/**
 * Prometheus on 127.0.0.1:<port> scraping itself every second (job `prometheus`), so `up` has
 * data within seconds, plus `scrapeTargets` (`host:port`, job `targets`) when given.
 */
export async function startPrometheus(options: { scrapeTargets?: string[] } = {}): Promise<PrometheusPeer> {
  const bin = requireBinary(prometheusNeeds, 'prometheus');
  return startPeer(async (teardown) => {
    const dir = peerDir(teardown, 'prometheus');
    const port = await freePort();
    const job = (name: string, targets: string[]) =>
      `  - job_name: ${name}\n    static_configs:\n      - targets: ${JSON.stringify(targets)}\n`;
    const config = path.join(dir, 'prometheus.yml');
    fs.writeFileSync(
      config,
      'global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n' +
        job('prometheus', [`127.0.0.1:${port}`]) +
        (options.scrapeTargets?.length ? job('targets', options.scrapeTargets) : ''),
    );
    const peer = spawnPeer(teardown, {
      name: 'prometheus',
      bin,
      dir,
      args: [
        `--config.file=${config}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(peer, 'prometheus', () => answersOk(`${url}/-/ready`));
    return {
      host: '127.0.0.1',
      port,
      url,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
