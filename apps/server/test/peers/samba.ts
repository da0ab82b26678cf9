import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  acceptsConnections,
  freePort,
  peerDir,
  requireBinary,
  runTool,
  spawnPeer,
  startPeer,
  waitUntilReady,
  type PeerNeeds,
} from './plumbing.js';
import { createSystemUser, SYSTEM_USER_BINARIES } from './system-user.js';

export const sambaNeeds: PeerNeeds = {
  label: 'Samba (samba)',
  binaries: [['smbd'], ['smbpasswd'], ...SYSTEM_USER_BINARIES],
  root: true,
};

export type SambaPeer = {
  host: '127.0.0.1';
  port: number;
  /** `smb://127.0.0.1:port/share` */
  url: string;
  share: string;
  /** The share's folder on this machine (put fixtures in it, owned by `user`). */
  sharePath: string;
  user: string;
  password: string;
  /** The server's smb.conf, for Samba's own clients (`smbclient --configfile`). */
  configFile: string;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

function smbConf(dir: string, port: number, share: string, sharePath: string, user: string): string {
  const stateDirs = ['private dir', 'lock directory', 'state directory', 'cache directory', 'pid directory'];
  return `[global]
  server role = standalone server
  smb ports = ${port}
  interfaces = 127.0.0.1
  bind interfaces only = yes
  disable netbios = yes
${stateDirs.map((key) => `  ${key} = ${dir}/${key.split(' ')[0]}`).join('\n')}
  ncalrpc dir = ${dir}/ncalrpc
  binddns dir = ${dir}/bind-dns
  passdb backend = tdbsam:${dir}/private/passdb.tdb
  map to guest = never
  load printers = no
  printing = bsd
  printcap name = /dev/null
  disable spoolss = yes
  usershare max shares = 0
  server min protocol = SMB2
  log level = 1

[${share}]
  path = ${sharePath}
  read only = no
  valid users = ${user}
`;
}

/**
 * smbd on 127.0.0.1:<port> with one writable share for one throw-away system user (Samba maps
 * its accounts onto system users). Root only: smbd switches to that user for file access.
 */
export async function startSamba(options: { share?: string } = {}): Promise<SambaPeer> {
  const smbd = requireBinary(sambaNeeds, 'smbd');
  const smbpasswd = requireBinary(sambaNeeds, 'smbpasswd');
  const share = options.share ?? 'share';
  return startPeer(async (teardown) => {
    // The user must pass through the temp dir to reach the share.
    const dir = peerDir(teardown, 'samba', 0o755);
    for (const sub of ['private', 'lock', 'state', 'cache', 'pid', 'ncalrpc', 'bind-dns']) {
      fs.mkdirSync(path.join(dir, sub));
    }
    const sharePath = path.join(dir, 'share');
    const user = await createSystemUser(teardown, 'smb', sharePath);
    const port = await freePort();
    const configFile = path.join(dir, 'smb.conf');
    fs.writeFileSync(configFile, smbConf(dir, port, share, sharePath, user.name));
    await runTool(smbpasswd, ['-c', configFile, '-a', '-s', user.name], {
      input: `${user.password}\n${user.password}\n`,
    });
    const peer = spawnPeer(teardown, {
      name: 'smbd',
      bin: smbd,
      dir,
      // --no-process-group keeps smbd's helpers in the group its teardown signals.
      args: ['--foreground', '--no-process-group', '--debug-stdout', `--configfile=${configFile}`],
    });
    await waitUntilReady(peer, 'smbd', () => acceptsConnections(port));
    return {
      host: '127.0.0.1',
      port,
      url: `smb://127.0.0.1:${port}/${share}`,
      share,
      sharePath,
      user: user.name,
      password: user.password,
      configFile,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
