import { describe, expect, it } from 'vitest';
import { isMysqlConnectionString, parseMysqlTarget, type MysqlTls } from '../../src/net/mysql-target.js';

/**
 * The one reader of MySQL connection strings (net/mysql-target.ts) that the mysql/sql checks,
 * Test Connection and the playbook sql action share: URLs and Go DSNs, every TLS spelling.
 */

const PLAIN: MysqlTls = { mode: 'disabled', verify: 'none' };
const VERIFIED: MysqlTls = { mode: 'required', verify: 'identity' };
const UNVERIFIED: MysqlTls = { mode: 'required', verify: 'none' };
const PREFERRED: MysqlTls = { mode: 'preferred', verify: 'none' };

describe('MySQL URLs and Go DSNs', () => {
  const creds = { username: 'app', password: 'p@ss:w/rd' };

  it('reads URLs and Go DSNs, filling $(username)/$(password)', () => {
    expect(parseMysqlTarget('mysql://$(username):$(password)@db.local:3307/shop?tls=true', creds)).toEqual({
      host: 'db.local',
      port: 3307,
      user: 'app',
      password: 'p@ss:w/rd',
      database: 'shop',
      tls: VERIFIED,
    });
    expect(parseMysqlTarget('mysql://$(username):$(password)@tcp(mysql.svc:3306)/mysqldb', creds)).toEqual({
      host: 'mysql.svc',
      port: 3306,
      user: 'app',
      password: 'p@ss:w/rd',
      database: 'mysqldb',
      tls: PLAIN,
    });
    expect(parseMysqlTarget('root@tcp([::1]:3310)/x?tls=skip-verify')).toMatchObject({
      host: '::1',
      port: 3310,
      user: 'root',
      tls: UNVERIFIED,
    });
    expect(parseMysqlTarget('u:p@tcp(db)/')).toMatchObject({ host: 'db', port: 3306, database: undefined });
    expect(parseMysqlTarget('mariadb://[::1]/db')).toMatchObject({ host: '::1', port: 3306 });
  });

  it("takes the caller's user and password only where the string has none", () => {
    expect(parseMysqlTarget('mysql://own:pw@h/db', creds)).toMatchObject({ user: 'own', password: 'pw' });
    expect(parseMysqlTarget('mysql://h/db', creds)).toMatchObject({ user: 'app', password: 'p@ss:w/rd' });
    expect(parseMysqlTarget('tcp(h:1)/db', creds)).toMatchObject({ user: 'app', password: 'p@ss:w/rd' });
  });

  it('tells MySQL strings from others', () => {
    for (const s of ['mysql://h/db', 'MariaDB://h/db', 'u:p@tcp(h:3306)/db', 'tcp(h)/db'])
      expect(isMysqlConnectionString(s), s).toBe(true);
    for (const s of ['postgres://h/db', 'server=h;user id=sa', 'oracle://db/x'])
      expect(isMysqlConnectionString(s), s).toBe(false);
  });

  it('refuses sockets and other protocols, without echoing the string', () => {
    expect(() => parseMysqlTarget('u:secret@unix(/var/run/mysqld.sock)/db')).toThrow(
      'unix-socket MySQL connections are not allowed',
    );
    expect(() => parseMysqlTarget('u:secret@pipe(x)/db')).toThrow('protocol pipe is not supported');
    expect(() => parseMysqlTarget('mysql://u:secret@h:99999/db')).toThrow(
      /^the MySQL url is not valid \(expected mysql:\/\/user:password@host:3306\/database\)$/,
    );
    expect(() => parseMysqlTarget('')).toThrow('no MySQL url given');
  });
});

describe('MySQL TLS spellings', () => {
  const tlsOf = (query: string, insecureTls = false) => ({
    url: parseMysqlTarget(`mysql://u:p@h/db?${query}`, { insecureTls }).tls,
    dsn: parseMysqlTarget(`u:p@tcp(h:3306)/db?${query}`, { insecureTls }).tls,
  });
  const SPELLINGS: [string, MysqlTls][] = [
    ['', PLAIN],
    ['tls=true', VERIFIED],
    ['tls=false', PLAIN],
    ['tls=skip-verify', UNVERIFIED],
    ['tls=preferred', PREFERRED],
    ['tls=custom', VERIFIED],
    ['TLS=True', VERIFIED],
    ['ssl=true', VERIFIED],
    ['ssl=1', VERIFIED],
    ['ssl=required', VERIFIED],
    ['ssl=false', PLAIN],
    ['ssl=0', PLAIN],
    ['ssl-mode=DISABLED', PLAIN],
    ['ssl-mode=PREFERRED', PREFERRED],
    ['ssl-mode=REQUIRED', UNVERIFIED],
    ['ssl-mode=required', UNVERIFIED],
    ['ssl-mode=VERIFY_CA', { mode: 'required', verify: 'ca' }],
    ['ssl-mode=VERIFY_IDENTITY', VERIFIED],
    ['sslmode=require', UNVERIFIED],
    ['sslmode=verify-full', VERIFIED],
    ['sslmode=disable', PLAIN],
    ['tls=true&ssl-mode=VERIFY_IDENTITY&parseTime=true', VERIFIED],
  ];

  it.each(SPELLINGS)('%s', (query, tls) => {
    expect(tlsOf(query)).toEqual({ url: tls, dsn: tls });
  });

  it('insecure_tls skips the certificate check of any TLS mode, and never turns TLS on or off', () => {
    expect(tlsOf('tls=true', true).url).toEqual(UNVERIFIED);
    expect(tlsOf('ssl-mode=VERIFY_CA', true).dsn).toEqual(UNVERIFIED);
    expect(tlsOf('tls=preferred', true).url).toEqual(PREFERRED);
    expect(tlsOf('', true).url).toEqual(PLAIN);
    expect(tlsOf('ssl-mode=DISABLED', true).dsn).toEqual(PLAIN);
  });

  it('refuses unknown values with the accepted ones, and spellings that disagree', () => {
    expect(() => tlsOf('tls=maybe')).toThrow(
      'unknown tls value "maybe" (use true, false, skip-verify, preferred or custom)',
    );
    expect(() => tlsOf('ssl=yes')).toThrow('unknown ssl value "yes" (use true, 1, required, false or 0)');
    expect(() => tlsOf('ssl-mode=STRICT')).toThrow(
      'unknown ssl-mode value "STRICT" (use DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY)',
    );
    expect(() => tlsOf('tls=false&ssl-mode=REQUIRED')).toThrow(
      'the MySQL connection asks for TLS twice, differently: tls=false and ssl-mode=REQUIRED',
    );
  });
});
