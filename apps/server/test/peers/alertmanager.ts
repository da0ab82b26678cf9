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

export const alertmanagerNeeds: PeerNeeds = {
  label: 'Alertmanager (prometheus-alertmanager)',
  binaries: [['prometheus-alertmanager', 'alertmanager']],
};

export type AlertmanagerPeer = {
  host: '127.0.0.1';
  port: number;
  /** `http://127.0.0.1:port`; the API is under `/api/v2`. */
  url: string;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/**
 * Alertmanager on 127.0.0.1:<port> without clustering. Alerts go to a receiver that sends
 * nothing, or to `webhookUrl` when given.
 */
export async function startAlertmanager(options: { webhookUrl?: string } = {}): Promise<AlertmanagerPeer> {
  const bin = requireBinary(alertmanagerNeeds, 'prometheus-alertmanager', 'alertmanager');
  return startPeer(async (teardown) => {
    const dir = peerDir(teardown, 'alertmanager');
    const port = await freePort();
    const receiver = options.webhookUrl
      ? `  - name: test\n    webhook_configs:\n      - url: ${JSON.stringify(options.webhookUrl)}\n`
      : '  - name: test\n';
    const config = path.join(dir, 'alertmanager.yml');
    fs.writeFileSync(config, `route:\n  receiver: test\nreceivers:\n${receiver}`);
    const peer = spawnPeer(teardown, {
      name: 'alertmanager',
      bin,
      dir,
      args: [
        `--config.file=${config}`,
        `--storage.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        // Empty: no gossip listener, so nothing but the API port is bound.
        '--cluster.listen-address=',
      ],
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(peer, 'alertmanager', () => answersOk(`${url}/-/ready`));
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
