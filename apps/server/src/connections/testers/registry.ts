import { dynatraceTester } from './dynatrace.js';
import { elasticsearchTester } from './elasticsearch.js';
import { emailTester } from './email.js';
import { folderTester } from './folder.js';
import { gcsTester, googleCloudTester } from './gcs.js';
import { gitTester } from './git.js';
import { githubTester } from './github.js';
import { httpTester } from './http.js';
import { kubernetesTester } from './kubernetes.js';
import { ldapTester } from './ldap.js';
import { lokiTester } from './loki.js';
import { mysqlTester } from './mysql.js';
import { postgresTester } from './postgres.js';
import { prometheusTester } from './prometheus.js';
import { redisTester } from './redis.js';
import { awsTester, s3Tester } from './s3.js';
import { sftpTester } from './sftp.js';
import { smbTester } from './smb.js';
import { jiraTester, plannerTester } from './ticketing.js';
import type { ConnectionTester } from './types.js';
import { webhookTester } from './webhook.js';

/**
 * One tester per kind of peer; adding one is a file and a line here, and dropping the type's
 * `untestable` reason from the shared catalog (packages/shared/src/connections/kinds.ts).
 */
const TESTERS: readonly ConnectionTester[] = [
  postgresTester,
  mysqlTester,
  redisTester,
  httpTester,
  prometheusTester,
  elasticsearchTester,
  ldapTester,
  sftpTester,
  emailTester,
  folderTester,
  webhookTester,
  lokiTester,
  dynatraceTester,
  githubTester,
  gitTester,
  kubernetesTester,
  s3Tester,
  awsTester,
  gcsTester,
  googleCloudTester,
  smbTester,
  jiraTester,
  plannerTester,
];

const BY_TYPE = new Map(TESTERS.flatMap((t) => t.types.map((type) => [type, t] as const)));

/** The tester of a connection type, or undefined when it cannot be tested (501). */
export function testerFor(type: string): ConnectionTester | undefined {
  return BY_TYPE.get(type);
}
