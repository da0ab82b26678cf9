import { alertmanagerNeeds } from './alertmanager.js';
import { ldapNeeds } from './ldap.js';
import { mariadbNeeds } from './mariadb.js';
import { unavailableReason, type PeerNeeds } from './plumbing.js';
import { prometheusNeeds } from './prometheus.js';
import { redisNeeds } from './redis.js';
import { sambaNeeds } from './samba.js';
import { sftpNeeds } from './sftp.js';

/** Real servers on loopback for the tests, each started into a temp dir on a free port. */
export { startAlertmanager, type AlertmanagerPeer } from './alertmanager.js';
export { startLdap, type LdapPeer } from './ldap.js';
export { startMariaDb, type MariaDbPeer } from './mariadb.js';
export { startPrometheus, type PrometheusPeer } from './prometheus.js';
export { startRedis, type RedisPeer } from './redis.js';
export { startSamba, type SambaPeer } from './samba.js';
export { startSftp, type SftpPeer } from './sftp.js';
export { startSmtpSink, type SinkMail, type SmtpSink, type SmtpSinkTls } from './smtp.js';
export { findBinary } from './plumbing.js';
export { currentSelfSignedCert, NEW_EC_KEY, selfSignedCert } from './tls-cert.js';

const NEEDS = {
  alertmanager: alertmanagerNeeds,
  ldap: ldapNeeds,
  mariadb: mariadbNeeds,
  prometheus: prometheusNeeds,
  redis: redisNeeds,
  samba: sambaNeeds,
  sftp: sftpNeeds,
} satisfies Record<string, PeerNeeds>;

export type PeerName = keyof typeof NEEDS;

/**
 * Why the peer cannot run here (a binary is missing, or it needs root), or undefined when it can:
 * `it.skipIf(peerUnavailable('mariadb'))(…)`, or `if (why) return t.skip(why)` to show the reason.
 */
export function peerUnavailable(name: PeerName): string | undefined {
  return unavailableReason(NEEDS[name]);
}
