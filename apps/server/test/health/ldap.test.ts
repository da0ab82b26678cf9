import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { peerUnavailable, startLdap, type LdapPeer } from '../peers/index.js';
import { closedPort } from './peers.js';
import { directOpts as opts } from './check-opts.js';

const why = peerUnavailable('ldap');

describe.skipIf(why)(why ? `ldap check (skipped: ${why})` : 'ldap check on OpenLDAP', () => {
  let ldap: LdapPeer;
  beforeAll(async () => {
    ldap = await startLdap({
      ldif: `dn: ou=groups,dc=example,dc=org
objectClass: organizationalUnit
ou: groups

dn: cn=ops,ou=groups,dc=example,dc=org
objectClass: groupOfNames
cn: ops
member: uid=alice,ou=people,dc=example,dc=org`,
    });
  }, 60_000);
  afterAll(() => ldap?.stop());

  it('binds and finds the entries (current spelling: url, username/password as values)', async () => {
    const r = await executeCheck(
      'ldap',
      {
        url: ldap.url,
        username: { value: ldap.adminDN },
        password: { value: ldap.adminPassword },
        bindDN: ldap.peopleDN,
        userSearch: '(&(objectClass=inetOrgPerson))',
        test: { expr: "count == 1 && results[0].mail == 'alice@example.org'" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '1 entries' });
    expect(r.details.results).toEqual([
      expect.objectContaining({ dn: ldap.person.dn, uid: 'alice', cn: 'Alice Example' }),
    ]);
    // Password attributes are never copied into the stored result.
    expect(JSON.stringify(r.details)).not.toContain('userPassword');
  });

  it('accepts the older spelling: host and auth {username, password}, as a person', async () => {
    const r = await executeCheck(
      'ldap',
      {
        host: ldap.url,
        auth: { username: { value: ldap.person.dn }, password: { value: ldap.person.password } },
        bindDN: 'ou=groups,dc=example,dc=org',
        userSearch: '(&(objectClass=groupOfNames))',
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null });
    expect(r.details.count).toBe(1);
  });

  it('fails on a wrong password, naming the DN and the LDAP result', async () => {
    const r = await executeCheck(
      'ldap',
      { url: ldap.url, username: ldap.adminDN, password: 'wrong', bindDN: ldap.baseDN },
      opts,
    );
    expect(r.pass).toBe(false);
    expect(r.error).toBe(`bind as ${ldap.adminDN} failed: invalid credentials (LDAP result 49)`);
  });

  it('fails when nothing matches and when the search base does not exist', async () => {
    const none = await executeCheck(
      'ldap',
      {
        url: ldap.url,
        username: ldap.adminDN,
        password: ldap.adminPassword,
        bindDN: ldap.peopleDN,
        userSearch: '(uid=nobody)',
      },
      opts,
    );
    expect(none.error).toBe(`no entries under ${ldap.peopleDN} match (uid=nobody)`);
    expect(none.details.count).toBe(0);
    const missing = await executeCheck(
      'ldap',
      {
        url: ldap.url,
        username: ldap.adminDN,
        password: ldap.adminPassword,
        bindDN: 'ou=nope,dc=example,dc=org',
      },
      opts,
    );
    expect(missing.error).toMatch(
      /^search under ou=nope,dc=example,dc=org failed: no such object \(LDAP result 32\)/,
    );
  });

  it('refuses an empty password (no silent anonymous bind), closed ports and the outbound policy', async () => {
    const empty = await executeCheck(
      'ldap',
      { url: ldap.url, username: ldap.adminDN, bindDN: ldap.baseDN },
      opts,
    );
    expect(empty.error).toBe(`password is required to bind as ${ldap.adminDN}`);
    const closed = await executeCheck(
      'ldap',
      { url: `ldap://127.0.0.1:${await closedPort()}`, username: 'cn=x', password: 'y', bindDN: ldap.baseDN },
      opts,
    );
    expect(closed.error).toContain('ECONNREFUSED');
    const denied = await executeCheck(
      'ldap',
      { url: ldap.url, username: ldap.adminDN, password: ldap.adminPassword, bindDN: ldap.baseDN },
      {
        ...opts,
        outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
      },
    );
    expect(denied.error).toContain('refused to connect to 127.0.0.1: loopback addresses are not allowed');
  });

  it('takes url, bind DN and password from an ldap connection', async () => {
    const connections = async () => ({
      id: '1',
      name: 'directory',
      namespace: 'default',
      type: 'ldap',
      url: ldap.url,
      username: ldap.adminDN,
      password: ldap.adminPassword,
      certificate: '',
      properties: {},
      insecureTls: false,
    });
    const r = await executeCheck(
      'ldap',
      { connection: 'connection://default/directory', bindDN: ldap.peopleDN, userSearch: '(uid=alice)' },
      { ...opts, connections },
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '1 entries' });
  });
});
