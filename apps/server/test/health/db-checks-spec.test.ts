import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../src/health/canary-spec.js';
import { folderPathProblems } from '../../src/health/checks/folder.js';
import { runnerFor } from '../../src/health/checks/registry.js';
import { redactSqlUrl } from '../../src/health/checks/redact-sql-url.js';
import { parseSmbLs } from '../../src/net/outbound-smb.js';
import { parseSmbPath } from '../../src/net/smb-path.js';
import { redactUrl } from '../../src/health/checks/types.js';
import { refusal } from './spec-refusal.js';

describe('mysql, mssql, sql, ldap, sftp and smb specs', () => {
  it("accepts canary-checker's shapes for these types", () => {
    const { spec } = parseCanarySpec(`apiVersion: canaries.flanksource.com/v1
kind: Canary
metadata: {name: datasources}
spec:
  schedule: "@every 5m"
  mysql:
    - name: mysql ping
      url: "mysql://$(username):$(password)@tcp(mysql.svc:3306)/mysqldb"
      username: {value: admin}
      password: {value: admin123}
      query: SELECT 1
      results: 1
  mssql:
    - connection: "server=mssql;user id=sa;password=S0m3p@sswd;port=1433;database=master"
      query: SELECT 1
      results: 1
  ldap:
    - url: ldap://apacheds.svc:10389
      username: {value: "uid=admin,ou=system"}
      password: {value: secret}
      bindDN: ou=users,dc=example,dc=com
      userSearch: "(&(objectClass=organizationalPerson))"
    - host: ldap://127.0.0.1:10389
      auth: {username: {value: "uid=admin,ou=system"}, password: {value: secret}}
      bindDN: ou=groups,dc=example,dc=com
  folder:
    - path: /tmp
      name: sample sftp check
      sftpConnection:
        host: 192.168.1.5
        username: {value: user}
        password: {value: pass}
      maxCount: 10
    - path: /tmp/premier-league
      sftpConnection: {connection: "connection://sftp/emirates"}
      maxCount: 10
    - path: \\\\windows-server\\sharename\\folder
      smbConnection:
        username: {valueFrom: {secretKeyRef: {name: smb-credentials, key: USERNAME}}}
        password: {valueFrom: {secretKeyRef: {name: smb-credentials, key: PASSWORD}}}
      filter: {regex: "(.*)backup.zip$"}
      maxAge: 7d
      minSize: 25b
  smb:
    - server: smb://192.168.1.9
      auth: {username: {value: u}, password: {value: p}}
      sharename: "Some Public Folder"
      searchPath: a/b/c
      minAge: 10h
      maxAge: 20h
  sftp:
    - host: files.example.org
      port: 2222
      username: u
      password: p
      path: /uploads
      minCount: 1
`);
    expect(spec.mysql?.[0]?.results).toBe(1);
    expect(spec.ldap).toHaveLength(2);
    expect(spec.folder?.[2]?.smbConnection).toBeDefined();
    expect(spec.smb?.[0]?.sharename).toBe('Some Public Folder');
  });

  it('refuses broken ones naming the field', () => {
    expect(refusal({ ldap: [{ url: 'ldap://h:389' }] })).toContain('spec.ldap.0.bindDN');
    expect(refusal({ ldap: [{ bindDN: 'dc=x' }] })).toBe(
      'spec.ldap.0.url: url, host or connection is required',
    );
    expect(refusal({ ldap: [{ url: 'http://h', bindDN: 'dc=x' }] })).toBe(
      'spec.ldap.0.url: url must start with ldap:// or ldaps://',
    );
    expect(refusal({ mysql: [{ query: 'SELECT 1' }] })).toBe(
      'spec.mysql.0.url: url or connection is required',
    );
    expect(refusal({ folder: [{ path: '/tmp', sftpConnection: { port: 22 } }] })).toBe(
      'spec.folder.0.sftpConnection.host: host or connection is required',
    );
    expect(refusal({ smb: [{ sharename: 's' }] })).toBe(
      'spec.smb.0.server: server or connection is required',
    );
    expect(refusal({ sftp: [{ host: 'h', port: 70000 }] })).toBe('spec.sftp.0.port: port must be 1-65535');
    expect(refusal({ sql: [{ url: 'x', driver: 'oracle' }] })).toContain('spec.sql.0.driver');
  });

  it('does not hold remote folders (SFTP, SMB) to the local file roots at save', async () => {
    const access = { roots: [os.tmpdir()], baseDir: os.tmpdir() };
    const spec = {
      folder: [
        { path: '/etc', sftpConnection: { host: 'files' } },
        { path: 'smb://files/share/etc' },
        { path: '\\\\files\\share\\etc' },
        { path: '/etc' },
      ],
    };
    const problems = await folderPathProblems(spec, access);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^spec\.folder\.3\.path: /);
  });
});

describe('endpoints', () => {
  it('never show passwords of remote folder paths, DSNs or smb servers', () => {
    expect(runnerFor('folder')?.endpoint({ path: 'sftp://u:secret@files:2222/in' })).toBe(
      'sftp://u:****@files:2222/in',
    );
    expect(runnerFor('folder')?.endpoint({ path: '/srv/in' })).toBe('/srv/in');
    expect(runnerFor('sql')?.endpoint({ url: 'u:secret@tcp(db:3306)/x' })).toBe('u:****@tcp(db:3306)/x');
    expect(runnerFor('smb')?.endpoint({ server: '\\\\files\\share\\in', port: 1445 })).toBe(
      'smb://files:1445/share/in',
    );
    expect(runnerFor('ldap')?.endpoint({ url: 'ldap://dir:389', bindDN: 'dc=x' })).toBe('ldap://dir:389');
  });
});

describe('sql urls shown in the UI', () => {
  it('hides passwords of URLs, DSNs and ADO strings', () => {
    expect(redactSqlUrl('mysql://u:secret@tcp(h:1)/d', redactUrl)).toBe('mysql://u:****@tcp(h:1)/d');
    expect(redactSqlUrl('server=h;user id=sa;password=secret;port=1', redactUrl)).toBe(
      'server=h;user id=sa;password=****;port=1',
    );
    expect(redactSqlUrl('mysql://u:secret@h:1/d', redactUrl)).toBe('mysql://u:****@h:1/d');
  });
});

describe('smb paths and smbclient listings', () => {
  it('reads smb:// and \\\\server\\share paths', () => {
    expect(parseSmbPath('smb://files:1445/backups/db/daily')).toEqual({
      host: 'files',
      port: 1445,
      share: 'backups',
      dir: 'db/daily',
    });
    expect(parseSmbPath('\\\\files\\Some Share\\a\\b', 446)).toEqual({
      host: 'files',
      port: 446,
      share: 'Some Share',
      dir: 'a/b',
    });
    expect(() => parseSmbPath('smb://files/')).toThrow('names no share');
    expect(() => parseSmbPath('smb://files/s/a"b')).toThrow('must not contain quotes');
    expect(() => parseSmbPath('\\\\files\\s\\a\nb')).toThrow('must not contain quotes or control characters');
  });

  it("reads smbclient's ls lines (names with spaces, folders, UTC times)", () => {
    const out = [
      '  .                                   D        0  Fri Nov 27 17:00:00 2026',
      '  ..                                  D        0  Fri Nov 27 17:00:00 2026',
      '  mon backup.zip                      A      100  Thu Nov 26 11:00:00 2026',
      '  archive                             D        0  Fri Nov  6 09:05:01 2026',
      '',
      '\t\t1000 blocks of size 1024. 900 blocks available',
    ].join('\n');
    expect(parseSmbLs(out)).toEqual([
      { name: 'mon backup.zip', size: 100, modified: new Date('2026-11-26T11:00:00Z'), isDir: false },
      { name: 'archive', size: 0, modified: new Date('2026-11-06T09:05:01Z'), isDir: true },
    ]);
  });
});
