import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client as LdapClient, InvalidCredentialsError } from 'ldapts';
import { createConnection } from 'mysql2/promise';
import nodemailer from 'nodemailer';
import { Client as SshClient, type SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findBinary,
  peerUnavailable,
  startAlertmanager,
  startLdap,
  startMariaDb,
  startPrometheus,
  startRedis,
  startSamba,
  startSftp,
  startSmtpSink,
  type AlertmanagerPeer,
  type LdapPeer,
  type MariaDbPeer,
  type PeerName,
  type PrometheusPeer,
  type RedisPeer,
  type SambaPeer,
  type SftpPeer,
} from './index.js';
import { peerDir, spawnPeer, startPeer, Teardown, waitUntilReady } from './plumbing.js';

/** A suite per peer; when the peer cannot run here its title says why it was skipped. */
function peerSuite(name: PeerName, title: string, body: () => void): void {
  const why = peerUnavailable(name);
  describe.skipIf(why)(why ? `${title} (skipped: ${why})` : title, body);
}

/** Whether any process of the group still runs (zombies aside). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function systemUserExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Asserts that stop() ended the server's process group and removed its temp dir. */
async function expectStopCleansUp(peer: {
  process: { pid?: number };
  logFile: string;
  stop(): Promise<void>;
}) {
  const pgid = peer.process.pid ?? 0;
  const dir = path.dirname(peer.logFile);
  expect(groupAlive(pgid)).toBe(true);
  await peer.stop();
  expect(groupAlive(pgid)).toBe(false);
  expect(fs.existsSync(dir)).toBe(false);
}

describe('peer plumbing', () => {
  it("reports a peer that dies before it is ready with the peer's last log lines", async () => {
    const teardown = new Teardown();
    const dir = peerDir(teardown, 'plumbing');
    const peer = spawnPeer(teardown, {
      name: 'dies',
      bin: '/bin/sh',
      args: ['-c', 'echo "cannot bind: address in use"; exit 3'],
      dir,
    });
    await expect(waitUntilReady(peer, 'dies', async () => false)).rejects.toThrow(
      /dies exited with code 3 before it was ready[\s\S]*cannot bind: address in use/,
    );
    await teardown.run();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('undoes what a failed start had set up: its process and its temp dir', async () => {
    let dir = '';
    let pgid = 0;
    await expect(
      startPeer(async (teardown) => {
        dir = peerDir(teardown, 'plumbing');
        pgid =
          spawnPeer(teardown, { name: 'sleeper', bin: '/bin/sleep', args: ['600'], dir }).process.pid ?? 0;
        throw new Error('setup step failed');
      }),
    ).rejects.toThrow('setup step failed');
    expect(groupAlive(pgid)).toBe(false);
    expect(fs.existsSync(dir)).toBe(false);
  });
});

peerSuite('mariadb', 'MariaDB peer', () => {
  let db: MariaDbPeer;
  beforeAll(async () => {
    db = await startMariaDb();
  });
  afterAll(() => db?.stop());

  it('serves its database over TCP to its user, who can create tables', async () => {
    const conn = await createConnection(db.url);
    try {
      await conn.query('CREATE TABLE things (id INT PRIMARY KEY, name VARCHAR(40))');
      await conn.query('INSERT INTO things VALUES (?, ?), (?, ?)', [1, 'one', 2, 'two']);
      const [rows] = await conn.query('SELECT name FROM things ORDER BY id');
      expect(rows).toEqual([{ name: 'one' }, { name: 'two' }]);
      const [[current]] = z
        .tuple([z.array(z.object({ db: z.string() })), z.unknown()])
        .parse(await conn.query('SELECT DATABASE() AS db'));
      expect(current?.db).toBe(db.database);
    } finally {
      await conn.end();
    }
  });

  it('refuses a wrong password and lets root in with its own', async () => {
    await expect(
      createConnection({ host: db.host, port: db.port, user: db.user, password: 'wrong' }),
    ).rejects.toMatchObject({ code: 'ER_ACCESS_DENIED_ERROR' });
    const root = await createConnection({
      host: db.host,
      port: db.port,
      user: 'root',
      password: db.rootPassword,
    });
    await root.query('CREATE DATABASE other');
    await root.end();
  });

  it('stop() ends the server and removes its files', async () => {
    await expectStopCleansUp(db);
  });
});

peerSuite('ldap', 'OpenLDAP peer', () => {
  let ldap: LdapPeer;
  beforeAll(async () => {
    ldap = await startLdap({
      ldif: 'dn: ou=groups,dc=example,dc=org\nobjectClass: organizationalUnit\nou: groups\n',
    });
  });
  afterAll(() => ldap?.stop());

  it('lets the admin bind and find the person and the extra entries', async () => {
    const client = new LdapClient({ url: ldap.url });
    try {
      await client.bind(ldap.adminDN, ldap.adminPassword);
      const people = await client.search(ldap.baseDN, {
        filter: '(objectClass=inetOrgPerson)',
        attributes: ['mail'],
      });
      expect(people.searchEntries).toEqual([{ dn: ldap.person.dn, mail: ldap.person.mail }]);
      const units = await client.search(ldap.baseDN, {
        filter: '(objectClass=organizationalUnit)',
        attributes: ['ou'],
      });
      expect(units.searchEntries.map((e) => e.ou).sort()).toEqual(['groups', 'people']);
    } finally {
      await client.unbind();
    }
  });

  it('lets the person bind with its password and refuses a wrong one', async () => {
    const client = new LdapClient({ url: ldap.url });
    try {
      await client.bind(ldap.person.dn, ldap.person.password);
      const me = await client.search(ldap.person.dn, { scope: 'base', attributes: ['cn'] });
      expect(me.searchEntries[0]?.cn).toBe(ldap.person.cn);
      await expect(client.bind(ldap.person.dn, 'wrong')).rejects.toBeInstanceOf(InvalidCredentialsError);
      await expect(client.bind(ldap.adminDN, 'wrong')).rejects.toBeInstanceOf(InvalidCredentialsError);
    } finally {
      await client.unbind();
    }
  });

  it('stop() ends the server and removes its files', async () => {
    await expectStopCleansUp(ldap);
  });
});

/** Connects with a password, checking the server's host key against the expected one. */
function sftpSession(peer: SftpPeer, password: string): Promise<{ sftp: SFTPWrapper; end(): void }> {
  const expectedKey = Buffer.from(peer.hostKey.split(' ')[1] ?? '', 'base64');
  return new Promise((resolve, reject) => {
    const client = new SshClient();
    client
      .on('ready', () =>
        client.sftp((err, sftp) => (err ? reject(err) : resolve({ sftp, end: () => client.end() }))),
      )
      .on('error', reject)
      .connect({
        host: peer.host,
        port: peer.port,
        username: peer.user,
        password,
        hostVerifier: (key: Buffer) => key.equals(expectedKey),
        readyTimeout: 30_000,
      });
  });
}

const promised = <T>(run: (done: (err: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((err, value) => (err ? reject(err) : resolve(value as T))));

peerSuite('sftp', 'OpenSSH SFTP peer', () => {
  let sftpPeer: SftpPeer;
  beforeAll(async () => {
    sftpPeer = await startSftp();
  });
  afterAll(() => sftpPeer?.stop());

  it('lists, writes and reads files in the home over SFTP', async () => {
    fs.writeFileSync(path.join(sftpPeer.home, 'fixture.txt'), 'from the test');
    const { sftp, end } = await sftpSession(sftpPeer, sftpPeer.password);
    try {
      await promised<void>((done) => sftp.writeFile('written.txt', 'over sftp', done));
      const names = await promised<Array<{ filename: string }>>((done) => sftp.readdir('.', done));
      expect(names.map((n) => n.filename).sort()).toEqual(['fixture.txt', 'written.txt']);
      const read = await promised<Buffer>((done) => sftp.readFile('fixture.txt', done));
      expect(read.toString()).toBe('from the test');
    } finally {
      end();
    }
    expect(fs.readFileSync(path.join(sftpPeer.home, 'written.txt'), 'utf8')).toBe('over sftp');
  });

  it('refuses a wrong password', async () => {
    await expect(sftpSession(sftpPeer, 'wrong')).rejects.toThrow(/authentication methods failed/);
  });

  it('stop() ends the server and removes its user and files', async () => {
    await expectStopCleansUp(sftpPeer);
    expect(systemUserExists(sftpPeer.user)).toBe(false);
  });
});

peerSuite('samba', 'Samba peer', () => {
  const smbclient = findBinary('smbclient');
  let smb: SambaPeer;
  beforeAll(async () => {
    smb = await startSamba();
  });
  afterAll(() => smb?.stop());

  /** Runs smbclient commands on the share as the share's user; its exit status and output. */
  const onShare = (password: string, commands: string) => {
    const run = spawnSync(
      smbclient ?? 'smbclient',
      [
        `//127.0.0.1/${smb.share}`,
        '-p',
        String(smb.port),
        '-U',
        `${smb.user}%${password}`,
        '-m',
        'SMB3',
        '-c',
        commands,
      ],
      { encoding: 'utf8', cwd: path.dirname(smb.logFile), timeout: 60_000 },
    );
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  };

  it.skipIf(!smbclient)('serves the share to its user: smbclient puts, lists and gets a file', () => {
    const local = path.dirname(smb.logFile);
    fs.writeFileSync(path.join(local, 'upload.txt'), 'over smb');
    const run = onShare(smb.password, 'put upload.txt uploaded.txt; ls; get uploaded.txt fetched.txt');
    expect(run).toMatchObject({ ok: true, output: expect.stringMatching(/uploaded\.txt\s+A\s+8\s/) });
    expect(fs.readFileSync(path.join(smb.sharePath, 'uploaded.txt'), 'utf8')).toBe('over smb');
    expect(fs.readFileSync(path.join(local, 'fetched.txt'), 'utf8')).toBe('over smb');
  });

  it.skipIf(!smbclient)('refuses a wrong password', () => {
    expect(onShare('wrong', 'ls')).toEqual({
      ok: false,
      output: expect.stringContaining('NT_STATUS_LOGON_FAILURE'),
    });
  });

  it('stop() ends the server and removes its user and files', async () => {
    await expectStopCleansUp(smb);
    expect(systemUserExists(smb.user)).toBe(false);
  });
});

const promVector = z.object({
  status: z.literal('success'),
  data: z.object({
    result: z.array(
      z.object({ metric: z.record(z.string(), z.string()), value: z.tuple([z.number(), z.string()]) }),
    ),
  }),
});

peerSuite('prometheus', 'Prometheus peer', () => {
  let prom: PrometheusPeer;
  beforeAll(async () => {
    prom = await startPrometheus();
  });
  afterAll(() => prom?.stop());

  it('answers the query `up` for its own scrape', async () => {
    // The first scrape lands within a second or two; wait for it rather than for a fixed time.
    let up: z.infer<typeof promVector>['data']['result'] = [];
    for (let i = 0; i < 300 && !up.length; i++) {
      const res = await fetch(`${prom.url}/api/v1/query?query=up`);
      up = promVector.parse(await res.json()).data.result;
      if (!up.length) await new Promise((r) => setTimeout(r, 200));
    }
    expect(up).toEqual([
      {
        metric: { __name__: 'up', job: 'prometheus', instance: `127.0.0.1:${prom.port}` },
        value: [expect.any(Number), '1'],
      },
    ]);
  });

  it('stop() ends the server and removes its files', async () => {
    await expectStopCleansUp(prom);
  });
});

const amAlerts = z.array(
  z.object({
    labels: z.record(z.string(), z.string()),
    annotations: z.record(z.string(), z.string()),
    status: z.object({ state: z.string() }),
  }),
);

peerSuite('alertmanager', 'Alertmanager peer', () => {
  let am: AlertmanagerPeer;
  beforeAll(async () => {
    am = await startAlertmanager();
  });
  afterAll(() => am?.stop());

  it('accepts an alert and returns it as active', async () => {
    const posted = await fetch(`${am.url}/api/v2/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { labels: { alertname: 'DiskFull', severity: 'critical' }, annotations: { summary: '95% used' } },
      ]),
    });
    expect(posted.status).toBe(200);
    const alerts = amAlerts.parse(await (await fetch(`${am.url}/api/v2/alerts`)).json());
    expect(alerts).toEqual([
      {
        labels: { alertname: 'DiskFull', severity: 'critical' },
        annotations: { summary: '95% used' },
        status: expect.objectContaining({ state: 'active' }),
      },
    ]);
  });

  it('stop() ends the server and removes its files', async () => {
    await expectStopCleansUp(am);
  });
});

/** Sends Redis commands inline and returns the replies once `replies` lines arrived. */
function redisSay(port: number, commands: string[], replies: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(commands.map((c) => `${c}\r\n`).join('')),
    );
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      const lines = buffer.split('\r\n').filter(Boolean);
      if (lines.length >= replies) {
        socket.end();
        resolve(lines);
      }
    });
    socket.on('error', reject);
  });
}

peerSuite('redis', 'Redis peer', () => {
  let redis: RedisPeer;
  beforeAll(async () => {
    redis = await startRedis({ password: 's3cret' });
  });
  afterAll(() => redis?.stop());

  it('requires its password, then answers PING', async () => {
    expect(await redisSay(redis.port, ['PING'], 1)).toEqual([expect.stringMatching(/^-NOAUTH/)]);
    expect(await redisSay(redis.port, ['AUTH s3cret', 'PING'], 2)).toEqual(['+OK', '+PONG']);
    expect(redis.url).toBe(`redis://:s3cret@127.0.0.1:${redis.port}`);
  });

  it('stop() ends the server and removes its files', async () => {
    await expectStopCleansUp(redis);
  });
});

describe('SMTP sink', () => {
  it('keeps mail sent with or without AUTH, parsed, and waits for mail still to come', async () => {
    const sink = await startSmtpSink();
    try {
      const transport = nodemailer.createTransport({ host: sink.host, port: sink.port, secure: false });
      const awaited = sink.waitForMail((m) => m.subject === 'Second');
      await transport.sendMail({
        from: 'Opsdeck <noreply@example.org>',
        to: 'ops@example.org',
        subject: 'Check failed: api',
        text: 'The api check failed.',
        html: '<p>The <b>api</b> check failed.</p>',
      });
      const authed = nodemailer.createTransport({
        host: sink.host,
        port: sink.port,
        secure: false,
        auth: { user: 'mailer', pass: 'anything' },
      });
      await authed.sendMail({
        from: 'a@example.org',
        to: 'b@example.org',
        bcc: 'c@example.org',
        subject: 'Second',
        text: 'x',
      });
      const second = await awaited;
      expect(second).toMatchObject({
        authUser: 'mailer',
        to: ['b@example.org', 'c@example.org'],
        headerTo: 'b@example.org',
      });
      const first = await sink.waitForMail((m) => m.to.includes('ops@example.org'));
      expect(first).toMatchObject({
        from: 'noreply@example.org',
        headerFrom: 'Opsdeck <noreply@example.org>',
        subject: 'Check failed: api',
        text: 'The api check failed.',
        html: '<p>The <b>api</b> check failed.</p>',
        authUser: undefined,
      });
      expect(sink.mails).toHaveLength(2);
      await expect(sink.waitForMail((m) => m.subject === 'never', 200)).rejects.toThrow(
        /no matching mail within 200 ms; received: "Check failed: api" to ops@example.org/,
      );
    } finally {
      await sink.stop();
    }
  });

  it('with credentials, refuses mail without AUTH or with a wrong password', async () => {
    const sink = await startSmtpSink({ credentials: { username: 'mailer', password: 'right' } });
    try {
      const send = (auth?: { user: string; pass: string }) =>
        nodemailer
          .createTransport({ host: sink.host, port: sink.port, secure: false, ...(auth ? { auth } : {}) })
          .sendMail({ from: 'a@example.org', to: 'b@example.org', subject: 's', text: 't' });
      await expect(send()).rejects.toThrow(/authentication required/i);
      await expect(send({ user: 'mailer', pass: 'wrong' })).rejects.toThrow(/Invalid username or password/);
      await send({ user: 'mailer', pass: 'right' });
      expect(sink.mails.map((m) => m.authUser)).toEqual(['mailer']);
    } finally {
      await sink.stop();
    }
  });
});
