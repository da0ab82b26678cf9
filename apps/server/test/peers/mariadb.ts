import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createConnection } from 'mysql2/promise';
import {
  freePort,
  isRoot,
  peerDir,
  randomSecret,
  requireBinary,
  runTool,
  spawnPeer,
  startPeer,
  waitUntilReady,
  type PeerNeeds,
} from './plumbing.js';

export const mariadbNeeds: PeerNeeds = {
  label: 'MariaDB (mariadb-server)',
  binaries: [
    ['mariadb-install-db', 'mysql_install_db'],
    ['mariadbd', 'mysqld'],
  ],
};

export type MariaDbPeer = {
  host: '127.0.0.1';
  port: number;
  /** `mysql://user:password@127.0.0.1:port/database` */
  url: string;
  database: string;
  user: string;
  password: string;
  /** root over TCP, for tests that create databases or users of their own. */
  rootPassword: string;
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/**
 * A throw-away MariaDB server on 127.0.0.1 with one database and a user who owns it, reachable
 * over TCP with a password. Durability is off: it only holds what a test creates. With `tls` (a
 * key and certificate, e.g. `selfSignedCert()`) it offers TLS; without, it has none.
 */
export async function startMariaDb(
  options: { database?: string; user?: string; tls?: { key: string; cert: string } } = {},
): Promise<MariaDbPeer> {
  const installDb = requireBinary(mariadbNeeds, 'mariadb-install-db', 'mysql_install_db');
  const server = requireBinary(mariadbNeeds, 'mariadbd', 'mysqld');
  const database = options.database ?? 'opsdeck';
  const user = options.user ?? 'opsdeck';
  return startPeer(async (teardown) => {
    const dir = peerDir(teardown, 'mariadb');
    const datadir = path.join(dir, 'data');
    const socketPath = path.join(dir, 'mysqld.sock');
    // mariadbd refuses to run as root unless told to.
    const asUser = isRoot() ? ['--user=root'] : [];
    await runTool(installDb, [
      '--no-defaults',
      `--datadir=${datadir}`,
      // Its own temp dir: bootstraps sharing /tmp collide on temporary table files when run at once.
      `--tmpdir=${dir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      ...asUser,
    ]);
    const tlsArgs: string[] = [];
    if (options.tls) {
      const key = path.join(dir, 'server-key.pem');
      const cert = path.join(dir, 'server-cert.pem');
      fs.writeFileSync(key, options.tls.key, { mode: 0o600 });
      fs.writeFileSync(cert, options.tls.cert);
      tlsArgs.push(`--ssl-key=${key}`, `--ssl-cert=${cert}`);
    }
    const port = await freePort();
    const peer = spawnPeer(teardown, {
      name: 'mariadbd',
      bin: server,
      dir,
      args: [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${socketPath}`,
        `--pid-file=${path.join(dir, 'mysqld.pid')}`,
        `--tmpdir=${dir}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        '--skip-name-resolve',
        '--innodb-buffer-pool-size=32M',
        '--innodb-flush-log-at-trx-commit=0',
        '--innodb-doublewrite=0',
        '--performance-schema=OFF',
        ...tlsArgs,
        ...asUser,
      ],
    });
    // install-db left root@localhost without a password: the socket is the setup channel.
    const admin = () => createConnection({ socketPath, user: 'root' });
    await waitUntilReady(peer, 'mariadbd', async () => {
      await (await admin()).end();
      return true;
    });
    const password = randomSecret();
    const rootPassword = randomSecret();
    const conn = await admin();
    try {
      await conn.query(`CREATE DATABASE ${conn.escapeId(database)}`);
      await conn.query('CREATE USER ?@? IDENTIFIED BY ?', [user, '%', password]);
      await conn.query(`GRANT ALL PRIVILEGES ON ${conn.escapeId(database)}.* TO ?@?`, [user, '%']);
      // root answers on 127.0.0.1 and ::1 too: give it a password there, keep the socket open.
      for (const host of ['127.0.0.1', '::1']) {
        await conn.query('ALTER USER IF EXISTS ?@? IDENTIFIED BY ?', ['root', host, rootPassword]);
      }
    } finally {
      await conn.end();
    }
    const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}`;
    return {
      host: '127.0.0.1',
      port,
      url: `mysql://${auth}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      database,
      user,
      password,
      rootPassword,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
