import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { findBinary, peerUnavailable, startSamba, type SambaPeer } from '../peers/index.js';
import { directOpts as opts } from './check-opts.js';

const why = peerUnavailable('samba') ?? (findBinary('smbclient') ? undefined : 'smbclient is not installed');
const HOUR = 3_600_000;

/** A file in the share, modified `ageMs` ago. */
function put(peer: SambaPeer, rel: string, content: string, ageMs = 0): void {
  const file = path.join(peer.sharePath, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(file, when, when);
}

describe.skipIf(why)(why ? `smb checks (skipped: ${why})` : 'smb checks on Samba (smbclient)', () => {
  let smb: SambaPeer;
  beforeAll(async () => {
    smb = await startSamba();
    put(smb, 'backups/mon backup.zip', 'x'.repeat(100), 30 * HOUR);
    put(smb, 'backups/tue-backup.zip', 'x'.repeat(300), 2 * HOUR);
    put(smb, 'backups/readme.txt', 'hello', 0);
    fs.mkdirSync(path.join(smb.sharePath, 'backups', 'archive'));
  }, 60_000);
  afterAll(() => smb?.stop());

  const auth = () => ({ username: { value: smb.user }, password: { value: smb.password } });

  it('folder check on smb://host:port/share/dir with smbConnection: lists, filters, tests ages', async () => {
    const r = await executeCheck(
      'folder',
      {
        path: `smb://127.0.0.1:${smb.port}/${smb.share}/backups`,
        smbConnection: auth(),
        filter: { regex: 'backup\\.zip$' },
        minCount: 2,
        maxAge: '2d',
        minSize: '25b',
        test: { expr: "newest.name == 'tue-backup.zip' && oldest.name == 'mon backup.zip'" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '2 files' });
    expect(r.details).toMatchObject({ count: 2, size: 400 });
  });

  it('the older smb check (server, sharename, searchPath, auth) and the \\\\server\\share\\dir spelling', async () => {
    const byFields = await executeCheck(
      'smb',
      {
        server: '127.0.0.1',
        port: smb.port,
        sharename: smb.share,
        searchPath: 'backups',
        auth: auth(),
        minCount: 3,
      },
      opts,
    );
    expect(byFields).toMatchObject({ pass: true, message: '3 files' });
    const unc = await executeCheck(
      'folder',
      {
        path: `\\\\127.0.0.1\\${smb.share}\\backups`,
        smbConnection: { ...auth(), port: smb.port },
        maxCount: 3,
      },
      opts,
    );
    expect(unc).toMatchObject({ pass: true, message: '3 files' });
  });

  it('fails on a wrong count and a too old file, saying which', async () => {
    const few = await executeCheck(
      'smb',
      {
        server: '127.0.0.1',
        port: smb.port,
        sharename: smb.share,
        searchPath: 'backups',
        ...auth(),
        minCount: 4,
      },
      opts,
    );
    expect(few.error).toBe('3 files, expected at least 4');
    const old = await executeCheck(
      'smb',
      {
        server: '127.0.0.1',
        port: smb.port,
        sharename: smb.share,
        searchPath: 'backups',
        ...auth(),
        maxAge: '1d',
      },
      opts,
    );
    expect(old.error).toBe('mon backup.zip is too old: 30h old, expected at most 1d');
  });

  it('fails on a wrong password and a missing share; a missing folder is an empty listing', async () => {
    const base = { server: '127.0.0.1', port: smb.port, sharename: smb.share };
    const wrong = await executeCheck('smb', { ...base, username: smb.user, password: 'wrong' }, opts);
    expect(wrong.error).toBe(
      `SMB login as ${smb.user} to //127.0.0.1:${smb.port}/${smb.share} failed: wrong username or password`,
    );
    const noShare = await executeCheck('smb', { ...base, sharename: 'nope', ...auth() }, opts);
    expect(noShare.error).toBe(`share nope does not exist on 127.0.0.1:${smb.port}`);
    const missing = await executeCheck(
      'smb',
      { ...base, searchPath: 'not/there', ...auth(), minCount: 1 },
      opts,
    );
    expect(missing.error).toBe(`0 files, expected at least 1 (${smb.share}/not/there does not exist)`);
    expect(missing.details).toMatchObject({ count: 0, missing: true });
  });

  it('refuses folders with quotes (they would reach the smbclient command) and follows the outbound policy', async () => {
    const quoted = await executeCheck(
      'folder',
      { path: `smb://127.0.0.1:${smb.port}/${smb.share}/a";rm x;"`, smbConnection: auth() },
      opts,
    );
    expect(quoted.error).toBe('the SMB folder must not contain quotes or control characters');
    const denied = await executeCheck(
      'smb',
      { server: '127.0.0.1', port: smb.port, sharename: smb.share, ...auth() },
      {
        ...opts,
        outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
      },
    );
    expect(denied.error).toContain('refused to connect to 127.0.0.1: loopback addresses are not allowed');
  });

  it('kills smbclient at the time limit when the server never answers', async () => {
    const held: { socket: net.Socket; closed: boolean }[] = [];
    const silent = net.createServer((socket) => {
      const entry = { socket, closed: false };
      held.push(entry);
      socket.on('close', () => (entry.closed = true)).on('error', () => {});
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const r = await executeCheck(
        'smb',
        { server: '127.0.0.1', port, sharename: 'share', ...auth(), timeout: '1s' },
        opts,
      );
      expect(r.error).toBe('timed out after 1000 ms');
      expect(Date.now() - started).toBeLessThan(5000);
      // The child went with the time limit: its connection closes.
      await expect.poll(() => held.length > 0 && held.every((h) => h.closed), { timeout: 5000 }).toBe(true);
    } finally {
      held.forEach((h) => h.socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
