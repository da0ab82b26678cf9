import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
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

export const sftpNeeds: PeerNeeds = {
  label: 'OpenSSH (openssh-server)',
  binaries: [['sshd'], ['ssh-keygen'], ...SYSTEM_USER_BINARIES],
  root: true,
};

export type SftpPeer = {
  host: '127.0.0.1';
  port: number;
  /** `sftp://user@127.0.0.1:port` */
  url: string;
  user: string;
  password: string;
  /** The user's home on this machine: SFTP sessions start here (put fixtures in it). */
  home: string;
  /** A private key (OpenSSH text, no passphrase) the server accepts for `user`. */
  clientKey: string;
  /** Another accepted key, encrypted with `clientKeyPassphrase`. */
  encryptedClientKey: string;
  clientKeyPassphrase: string;
  /** The server's ed25519 host key, as a client sees it (`ssh-ed25519 AAAA…`). */
  hostKey: string;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/** True once the server sends its `SSH-2.0-…` banner. */
function sendsBanner(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString('latin1').startsWith('SSH-'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * sshd on 127.0.0.1 offering only SFTP (internal-sftp) to one throw-away system user who logs
 * in with a password or one of two keys. Root only: sshd switches to that user after authenticating.
 */
export async function startSftp(): Promise<SftpPeer> {
  const sshd = requireBinary(sftpNeeds, 'sshd');
  const keygen = requireBinary(sftpNeeds, 'ssh-keygen');
  return startPeer(async (teardown) => {
    // The user must pass through the temp dir to reach its home.
    const dir = peerDir(teardown, 'sftp', 0o755);
    const home = path.join(dir, 'home');
    const user = await createSystemUser(teardown, 'sftp', home);
    const hostKeyFile = path.join(dir, 'host_ed25519');
    await runTool(keygen, ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', hostKeyFile]);
    const clientKeyFile = path.join(dir, 'client_ed25519');
    const encryptedKeyFile = path.join(dir, 'client_rsa_encrypted');
    const clientKeyPassphrase = 'opsdeck-key-passphrase';
    await runTool(keygen, ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', clientKeyFile]);
    await runTool(keygen, [
      '-q',
      '-t',
      'rsa',
      '-b',
      '2048',
      '-N',
      clientKeyPassphrase,
      '-C',
      '',
      '-f',
      encryptedKeyFile,
    ]);
    const authorizedKeys = path.join(dir, 'authorized_keys');
    fs.writeFileSync(
      authorizedKeys,
      fs.readFileSync(`${clientKeyFile}.pub`, 'utf8') + fs.readFileSync(`${encryptedKeyFile}.pub`, 'utf8'),
      { mode: 0o644 },
    );
    // sshd's privilege-separation directory; Debian creates it only when the service starts.
    fs.mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
    const config = path.join(dir, 'sshd_config');
    fs.writeFileSync(
      config,
      [
        `HostKey ${hostKeyFile}`,
        `PidFile ${dir}/sshd.pid`,
        'PasswordAuthentication yes',
        'KbdInteractiveAuthentication no',
        'PubkeyAuthentication yes',
        `AuthorizedKeysFile ${authorizedKeys}`,
        // The keys file lies below the world-writable temp folder, which StrictModes refuses.
        'StrictModes no',
        'UsePAM no',
        'PermitRootLogin no',
        `AllowUsers ${user.name}`,
        'Subsystem sftp internal-sftp',
        // SFTP only: no shell, no forwarding. No chroot: sshd refuses one below world-writable /tmp.
        'ForceCommand internal-sftp',
        'AllowTcpForwarding no',
        'X11Forwarding no',
        'LogLevel VERBOSE',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    const peer = spawnPeer(teardown, {
      name: 'sshd',
      bin: sshd,
      dir,
      // -D: foreground, -e: log to stderr (the log file).
      args: ['-D', '-e', '-f', config, '-p', String(port), '-o', 'ListenAddress=127.0.0.1'],
    });
    await waitUntilReady(peer, 'sshd', () => sendsBanner(port));
    const [type = '', key = ''] = fs.readFileSync(`${hostKeyFile}.pub`, 'utf8').trim().split(/\s+/);
    return {
      host: '127.0.0.1',
      port,
      url: `sftp://${user.name}@127.0.0.1:${port}`,
      user: user.name,
      password: user.password,
      home,
      clientKey: fs.readFileSync(clientKeyFile, 'utf8'),
      encryptedClientKey: fs.readFileSync(encryptedKeyFile, 'utf8'),
      clientKeyPassphrase,
      hostKey: `${type} ${key}`,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
