import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { peerUnavailable, startSftp, type SftpPeer } from '../peers/index.js';
import { directOpts as opts } from './check-opts.js';

const why = peerUnavailable('sftp');
const HOUR = 3_600_000;

/** A file in the peer's folder, owned by its user, modified `ageMs` ago. */
function put(peer: SftpPeer, rel: string, content: string, ageMs = 0): void {
  const file = path.join(peer.home, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

describe.skipIf(why)(why ? `sftp checks (skipped: ${why})` : 'sftp checks on OpenSSH', () => {
  let peer: SftpPeer;
  beforeAll(async () => {
    peer = await startSftp();
    put(peer, 'backups/db-1.zip', 'x'.repeat(100), 3 * HOUR);
    put(peer, 'backups/db-2.zip', 'x'.repeat(200), HOUR);
    put(peer, 'backups/notes.txt', 'n', 0);
    fs.mkdirSync(path.join(peer.home, 'backups', 'old'));
    fs.mkdirSync(path.join(peer.home, 'empty'));
  }, 60_000);
  afterAll(() => peer?.stop());

  const conn = () => ({
    host: peer.host,
    port: peer.port,
    username: { value: peer.user },
    password: { value: peer.password },
  });

  it("folder check with canary-checker's sftpConnection: lists, filters and counts files (not folders)", async () => {
    const r = await executeCheck(
      'folder',
      {
        path: `${peer.home}/backups`,
        sftpConnection: conn(),
        filter: { regex: '\\.zip$' },
        minCount: 2,
        maxCount: 10,
        test: { expr: "newest.name == 'db-2.zip' && files.size() == 2" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '2 files' });
    expect(r.details).toMatchObject({
      count: 2,
      size: 300,
      oldest: { name: 'db-1.zip' },
      largest: { name: 'db-2.zip' },
    });
  });

  it('fails on a wrong count, too old a file and too small a file, saying which', async () => {
    const tooFew = await executeCheck(
      'folder',
      { path: 'backups', sftpConnection: conn(), minCount: 5 },
      opts,
    );
    expect(tooFew.error).toBe('3 files, expected at least 5');
    const tooMany = await executeCheck('sftp', { ...conn(), path: 'backups', maxCount: 1 }, opts);
    expect(tooMany.error).toBe('3 files, expected at most 1');
    const old = await executeCheck(
      'sftp',
      { ...conn(), path: 'backups', filter: { regex: 'zip' }, maxAge: '2h' },
      opts,
    );
    expect(old.error).toMatch(/^db-1\.zip is too old: 3h old, expected at most 2h$/);
    const small = await executeCheck('sftp', { ...conn(), path: 'backups', minSize: '50b' }, opts);
    expect(small.error).toBe('notes.txt is too small: 1 bytes, expected at least 50b');
  });

  it('treats a missing folder as an empty listing: fails minCount and says the folder is missing', async () => {
    const r = await executeCheck('sftp', { ...conn(), path: 'nope', minCount: 1 }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toBe('0 files, expected at least 1 (nope does not exist)');
    expect(r.details).toMatchObject({ count: 0, missing: true });
    const empty = await executeCheck('sftp', { ...conn(), path: 'empty' }, opts);
    expect(empty).toMatchObject({ pass: true, message: '0 files' });
  });

  it('fails on a wrong password, naming the user', async () => {
    const r = await executeCheck('sftp', { ...conn(), password: 'wrong', path: '.' }, opts);
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`SFTP login as ${peer.user} failed: wrong username or password`);
  });

  it('reads sftp:// folder paths and goes through the outbound policy', async () => {
    const url = `sftp://${peer.user}:${encodeURIComponent(peer.password)}@127.0.0.1:${peer.port}${peer.home}/backups`;
    const r = await executeCheck('folder', { path: url, minCount: 3 }, opts);
    expect(r).toMatchObject({ pass: true, message: '3 files' });
    const denied = await executeCheck(
      'sftp',
      { ...conn(), path: '.' },
      {
        ...opts,
        outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
      },
    );
    expect(denied.error).toContain('refused to connect to 127.0.0.1: loopback addresses are not allowed');
  });

  it('fills the SFTP host, port and login from a connection, top-level or in sftpConnection', async () => {
    const connections = async (ref: string) => {
      expect(ref).toBe('connection://default/files');
      return {
        id: '1',
        name: 'files',
        namespace: 'default',
        type: 'sftp',
        url: '',
        username: peer.user,
        password: peer.password,
        certificate: '',
        properties: { host: '127.0.0.1', port: String(peer.port) },
        insecureTls: false,
      };
    };
    const nested = await executeCheck(
      'folder',
      { path: 'backups', sftpConnection: { connection: 'connection://default/files' }, minCount: 3 },
      { ...opts, connections },
    );
    expect(nested).toMatchObject({ pass: true, message: '3 files' });
    const top = await executeCheck(
      'sftp',
      { connection: 'connection://default/files', path: 'backups', maxCount: 2 },
      { ...opts, connections },
    );
    expect(top.error).toBe('3 files, expected at most 2');
  });
});
