import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  acceptsConnections,
  freePort,
  peerDir,
  randomSecret,
  requireBinary,
  runTool,
  spawnPeer,
  startPeer,
  waitUntilReady,
  type PeerNeeds,
} from './plumbing.js';

const SCHEMA_DIR = '/etc/ldap/schema';
const SCHEMAS = ['core', 'cosine', 'inetorgperson'];

export const ldapNeeds: PeerNeeds = {
  label: 'OpenLDAP (slapd)',
  binaries: [['slapd'], ['slapadd']],
  files: SCHEMAS.map((s) => `${SCHEMA_DIR}/${s}.schema`),
};

export type LdapPeer = {
  host: '127.0.0.1';
  port: number;
  /** `ldap://127.0.0.1:port` */
  url: string;
  baseDN: string;
  adminDN: string;
  adminPassword: string;
  /** `ou=people,<baseDN>` */
  peopleDN: string;
  /** An inetOrgPerson under `ou=people` that can bind with its password. */
  person: { dn: string; uid: string; cn: string; mail: string; password: string };
  /** The server process, for tests that make the peer fail. */
  process: ChildProcess;
  logFile: string;
  stop(): Promise<void>;
};

/** `{SSHA}` userPassword, as slappasswd makes it. */
function ssha(password: string): string {
  const salt = crypto.randomBytes(8);
  const digest = crypto.createHash('sha1').update(password).update(salt).digest();
  return `{SSHA}${Buffer.concat([digest, salt]).toString('base64')}`;
}

function slapdConf(dir: string, baseDN: string, adminDN: string, adminPassword: string): string {
  return [
    ...SCHEMAS.map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    // Debian builds the backends as modules.
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile ${dir}/slapd.pid`,
    `argsfile ${dir}/slapd.args`,
    'database mdb',
    'maxsize 67108864',
    `suffix "${baseDN}"`,
    `rootdn "${adminDN}"`,
    `rootpw ${ssha(adminPassword)}`,
    `directory ${dir}/data`,
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
    '',
  ].join('\n');
}

/**
 * slapd on ldap://127.0.0.1:<port> with an mdb database under `dc=example,dc=org`, an admin
 * (the rootdn) and one person in `ou=people`. `ldif` adds entries of the test's own.
 */
export async function startLdap(options: { ldif?: string } = {}): Promise<LdapPeer> {
  const slapd = requireBinary(ldapNeeds, 'slapd');
  const slapadd = requireBinary(ldapNeeds, 'slapadd');
  const baseDN = 'dc=example,dc=org';
  const adminDN = `cn=admin,${baseDN}`;
  const peopleDN = `ou=people,${baseDN}`;
  const adminPassword = randomSecret();
  const person = {
    dn: `uid=alice,${peopleDN}`,
    uid: 'alice',
    cn: 'Alice Example',
    mail: 'alice@example.org',
    password: randomSecret(),
  };
  const entries = `dn: ${baseDN}
objectClass: dcObject
objectClass: organization
dc: example
o: Example

dn: ${peopleDN}
objectClass: organizationalUnit
ou: people

dn: ${person.dn}
objectClass: inetOrgPerson
uid: ${person.uid}
cn: ${person.cn}
sn: Example
mail: ${person.mail}
userPassword: ${ssha(person.password)}
${options.ldif ? `\n${options.ldif.trim()}\n` : ''}`;
  return startPeer(async (teardown) => {
    const dir = peerDir(teardown, 'ldap');
    fs.mkdirSync(path.join(dir, 'data'));
    const conf = path.join(dir, 'slapd.conf');
    fs.writeFileSync(conf, slapdConf(dir, baseDN, adminDN, adminPassword));
    fs.writeFileSync(path.join(dir, 'entries.ldif'), entries);
    // Loaded offline before the server starts: once it listens, the data is there.
    await runTool(slapadd, ['-q', '-f', conf, '-l', path.join(dir, 'entries.ldif')]);
    const port = await freePort();
    const peer = spawnPeer(teardown, {
      name: 'slapd',
      bin: slapd,
      dir,
      // -d keeps slapd in the foreground; 256 logs connections and operations.
      args: ['-d', '256', '-h', `ldap://127.0.0.1:${port}/`, '-f', conf],
    });
    await waitUntilReady(peer, 'slapd', () => acceptsConnections(port));
    return {
      host: '127.0.0.1',
      port,
      url: `ldap://127.0.0.1:${port}`,
      baseDN,
      adminDN,
      adminPassword,
      peopleDN,
      person,
      process: peer.process,
      logFile: peer.logFile,
      stop: () => teardown.run(),
    };
  });
}
