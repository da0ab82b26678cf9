import { elasticsearchTester } from './elasticsearch.js';
import { emailTester } from './email.js';
import { folderTester } from './folder.js';
import { httpTester } from './http.js';
import { ldapTester } from './ldap.js';
import { mysqlTester } from './mysql.js';
import { postgresTester } from './postgres.js';
import { prometheusTester } from './prometheus.js';
import { redisTester } from './redis.js';
import { sftpTester } from './sftp.js';
import type { ConnectionTester } from './types.js';
import { webhookTester } from './webhook.js';

/** One tester per kind of peer; adding one is a file and a line here. */
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
];

const BY_TYPE = new Map(TESTERS.flatMap((t) => t.types.map((type) => [type, t] as const)));

/** The tester of a connection type, or undefined when it cannot be tested (501). */
export function testerFor(type: string): ConnectionTester | undefined {
  return BY_TYPE.get(type);
}
