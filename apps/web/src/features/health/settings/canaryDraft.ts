import type { RunnableCheckType } from '@opsdeck/shared';
import {
  firstListKey,
  itemOf,
  parseSpecText,
  specBody as body,
  specText,
  withItem,
  type ParsedSpec,
} from '../../../ui/schema-form/specDraft.js';

/** Every check type that runs here, as the picker names it (type-only: no schema in the bundle). */
const CHECK_TYPE_LABELS: Record<RunnableCheckType, string> = {
  http: 'HTTP',
  tcp: 'TCP',
  dns: 'DNS',
  icmp: 'ICMP (ping)',
  exec: 'Exec',
  postgres: 'Postgres',
  redis: 'Redis',
  alertmanager: 'Alertmanager',
  catalog: 'Catalog',
  configDB: 'Config DB',
  dynatrace: 'Dynatrace',
  elasticsearch: 'Elasticsearch',
  folder: 'Folder',
  gcs: 'Google Cloud Storage',
  github: 'GitHub',
  junit: 'JUnit',
  kubernetes: 'Kubernetes',
  kubernetesResource: 'Kubernetes resource',
  ldap: 'LDAP',
  mysql: 'MySQL',
  namespace: 'Kubernetes namespace',
  opensearch: 'OpenSearch',
  pod: 'Kubernetes pod',
  prometheus: 'Prometheus',
  s3: 'S3',
  sftp: 'SFTP',
  smb: 'SMB',
  sql: 'SQL',
};

/**
 * The check types the guided form offers, the common ones first and then the others as
 * listed above (each a form generated from its JSON Schema); 'other' opens the YAML editor alone.
 */
export const FORM_CHECK_TYPES = (Object.keys(CHECK_TYPE_LABELS) as RunnableCheckType[]).map((type) => ({
  type,
  label: CHECK_TYPE_LABELS[type],
}));
export type FormCheckType = RunnableCheckType;
export const OTHER_TYPE = 'other';
export type CheckChoice = FormCheckType | typeof OTHER_TYPE;

export type CanaryTemplate = { label: string; type: FormCheckType; check: Record<string, unknown> };

/** Starting points for the common checks; picking one fills the form. */
export const CANARY_TEMPLATES: readonly CanaryTemplate[] = [
  {
    label: 'HTTP 200 with response time < 2 s',
    type: 'http',
    check: { name: 'http-200', url: 'https://example.com', responseCodes: [200], thresholdMillis: 2000 },
  },
  { label: 'TCP port open', type: 'tcp', check: { name: 'tcp-port', endpoint: 'example.com:443' } },
  {
    label: 'DNS A record resolves',
    type: 'dns',
    check: { name: 'dns-a', query: 'example.com', querytype: 'A', minrecords: 1 },
  },
  {
    label: 'Postgres SELECT 1',
    type: 'postgres',
    check: {
      name: 'postgres-select-1',
      url: 'postgres://db.local:5432/postgres',
      query: 'SELECT 1',
      results: 1,
    },
  },
];

export { parseSpecText, specText, type ParsedSpec };

/** The first check type of the guided form the spec defines. */
export function formTypeOf(spec: Record<string, unknown>): FormCheckType | undefined {
  return firstListKey(
    spec,
    FORM_CHECK_TYPES.map((t) => t.type),
  );
}

/** The check the form edits: the first of its type. */
export function checkOf(spec: Record<string, unknown>, type: FormCheckType): Record<string, unknown> {
  return itemOf(spec, type);
}

/** The spec with the first check of `type` replaced; the other checks stay as they were. */
export function withCheck(
  spec: Record<string, unknown>,
  type: FormCheckType,
  check: Record<string, unknown>,
): Record<string, unknown> {
  return withItem(spec, type, check);
}

/** The schedule lives in its own control, so the YAML shown leaves it out. */
export function splitSchedule(spec: Record<string, unknown>): {
  spec: Record<string, unknown>;
  schedule: string | undefined;
} {
  const b = body(spec);
  if (typeof b.schedule !== 'string') return { spec, schedule: undefined };
  const { schedule, ...rest } = b;
  return { spec: b === spec ? rest : { ...spec, spec: rest }, schedule };
}
