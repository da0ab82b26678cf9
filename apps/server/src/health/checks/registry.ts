import type { RunnableCheckType } from '@opsdeck/shared';
import { alertmanagerRunner } from './alertmanager.js';
import { catalogRunner } from './catalog.js';
import { configDbRunner } from './config-db.js';
import { dnsRunner } from './dns.js';
import { dynatraceRunner } from './dynatrace.js';
import { elasticsearchRunner, opensearchRunner } from './elasticsearch.js';
import { execRunner } from './exec.js';
import { folderWithRemotesRunner } from './folder-remote.js';
import { gcsRunner } from './gcs.js';
import { githubRunner } from './github.js';
import { httpRunner } from './http.js';
import { icmpRunner } from './icmp.js';
import { junitRunner } from './junit.js';
import { kubernetesResourceRunner } from './kubernetes-resource.js';
import { kubernetesRunner } from './kubernetes.js';
import { ldapRunner } from './ldap.js';
import { mysqlRunner } from './mysql.js';
import { namespaceRunner } from './namespace.js';
import { podRunner } from './pod.js';
import { postgresRunner } from './postgres.js';
import { prometheusRunner } from './prometheus.js';
import { redisRunner } from './redis.js';
import { s3Runner } from './s3.js';
import { sftpRunner } from './sftp.js';
import { smbRunner } from './smb.js';
import { sqlRunner } from './sql.js';
import { tcpRunner } from './tcp.js';
import type { CheckRunner } from './types.js';

/** One runner per check type; adding a type is one file and one line here. */
export const CHECK_RUNNERS: { [K in RunnableCheckType]: CheckRunner<never> } = {
  http: httpRunner as CheckRunner<never>,
  tcp: tcpRunner as CheckRunner<never>,
  dns: dnsRunner as CheckRunner<never>,
  icmp: icmpRunner as CheckRunner<never>,
  exec: execRunner as CheckRunner<never>,
  postgres: postgresRunner as CheckRunner<never>,
  redis: redisRunner as CheckRunner<never>,
  folder: folderWithRemotesRunner as CheckRunner<never>,
  prometheus: prometheusRunner as CheckRunner<never>,
  elasticsearch: elasticsearchRunner as CheckRunner<never>,
  opensearch: opensearchRunner as CheckRunner<never>,
  mysql: mysqlRunner as CheckRunner<never>,
  sql: sqlRunner as CheckRunner<never>,
  ldap: ldapRunner as CheckRunner<never>,
  sftp: sftpRunner as CheckRunner<never>,
  smb: smbRunner as CheckRunner<never>,
  kubernetes: kubernetesRunner as CheckRunner<never>,
  pod: podRunner as CheckRunner<never>,
  namespace: namespaceRunner as CheckRunner<never>,
  kubernetesResource: kubernetesResourceRunner as CheckRunner<never>,
  s3: s3Runner as CheckRunner<never>,
  gcs: gcsRunner as CheckRunner<never>,
  alertmanager: alertmanagerRunner as CheckRunner<never>,
  junit: junitRunner as CheckRunner<never>,
  catalog: catalogRunner as CheckRunner<never>,
  configDB: configDbRunner as CheckRunner<never>,
  github: githubRunner as CheckRunner<never>,
  dynatrace: dynatraceRunner as CheckRunner<never>,
};

/** The runner of a type, or undefined for types that are accepted but not run. */
export function runnerFor(type: string): CheckRunner<unknown> | undefined {
  return (CHECK_RUNNERS as Record<string, CheckRunner<unknown> | undefined>)[type];
}
