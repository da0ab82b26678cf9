import type { RunnableCheckType } from '@opsdeck/shared';
import { alertmanagerRunner } from './alertmanager.js';
import { catalogRunner } from './catalog.js';
import { configDbRunner } from './config-db.js';
import { dnsRunner } from './dns.js';
import { dynatraceRunner } from './dynatrace.js';
import { elasticsearchRunner, opensearchRunner } from './elasticsearch.js';
import { execRunner } from './exec.js';
import { folderRunner } from './folder.js';
import { githubRunner } from './github.js';
import { httpRunner } from './http.js';
import { icmpRunner } from './icmp.js';
import { junitRunner } from './junit.js';
import { postgresRunner } from './postgres.js';
import { prometheusRunner } from './prometheus.js';
import { redisRunner } from './redis.js';
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
  folder: folderRunner as CheckRunner<never>,
  prometheus: prometheusRunner as CheckRunner<never>,
  elasticsearch: elasticsearchRunner as CheckRunner<never>,
  opensearch: opensearchRunner as CheckRunner<never>,
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
