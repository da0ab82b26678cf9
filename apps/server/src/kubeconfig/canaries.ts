import { formatAge } from '@opsdeck/shared';
import type { Queryable } from '../db/types.js';
import { specSql } from '../secret-masking.js';
import { GROUP_VERSION } from './discovery.js';

type CanaryRow = {
  id: string;
  name: string;
  namespace: string;
  labels: Record<string, string> | null;
  spec: Record<string, unknown> | null;
  schedule: string | null;
  source: string;
  agent_name: string | null;
  created_at: Date;
};

/**
 * Live canaries, of one namespace or all, optionally one by name; local and agents' alike. The
 * spec is whole only for callers who may write canaries (`wholeSpec`), masked otherwise.
 */
export async function listCanaries(
  db: Queryable,
  filter: { namespace?: string | undefined; name?: string | undefined },
  wholeSpec: boolean,
): Promise<CanaryRow[]> {
  const { rows } = await db.query<CanaryRow>(
    `SELECT c.id, c.name, c.namespace, c.labels, ${specSql('c.spec', wholeSpec, 'spec')}, c.schedule, c.source, c.created_at,
            CASE WHEN c.agent_id = '00000000-0000-0000-0000-000000000000' THEN NULL ELSE a.name END AS agent_name
       FROM canaries c LEFT JOIN agents a ON a.id = c.agent_id
      WHERE c.deleted_at IS NULL AND ($1::text IS NULL OR c.namespace = $1) AND ($2::text IS NULL OR c.name = $2)
      ORDER BY c.namespace, c.name`,
    [filter.namespace ?? null, filter.name ?? null],
  );
  return rows;
}

function metadata(c: CanaryRow) {
  return {
    name: c.name,
    namespace: c.namespace,
    uid: c.id,
    creationTimestamp: new Date(c.created_at).toISOString(),
    labels: c.labels ?? {},
  };
}

/** A canary as a Kubernetes object (`kubectl get canary x -o yaml`). */
export function canaryObject(c: CanaryRow) {
  return { apiVersion: GROUP_VERSION, kind: 'Canary', metadata: metadata(c), spec: c.spec ?? {} };
}

export function canaryList(rows: CanaryRow[]) {
  return {
    apiVersion: GROUP_VERSION,
    kind: 'CanaryList',
    metadata: { resourceVersion: '' },
    items: rows.map(canaryObject),
  };
}

const COLUMNS = [
  { name: 'Name', type: 'string', format: 'name', description: 'Name of the canary', priority: 0 },
  { name: 'Schedule', type: 'string', format: '', description: 'How often its checks run', priority: 0 },
  { name: 'Agent', type: 'string', format: '', description: 'The agent that runs it', priority: 0 },
  { name: 'Source', type: 'string', format: '', description: 'Where it was defined', priority: 1 },
  { name: 'Age', type: 'date', format: '', description: 'Since it was created', priority: 0 },
];

/** The Table kubectl asks for (`Accept: …;as=Table;g=meta.k8s.io`) to print its columns. */
export function canaryTable(rows: CanaryRow[], now = new Date()) {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '' },
    columnDefinitions: COLUMNS,
    rows: rows.map((c) => ({
      cells: [
        c.name,
        c.schedule ?? (typeof c.spec?.schedule === 'string' ? c.spec.schedule : ''),
        c.agent_name ?? 'local',
        c.source,
        formatAge(c.created_at, now),
      ],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: metadata(c) },
    })),
  };
}

/** kubectl's printing requests ask for a Table; everything else (-o yaml/json) for the objects. */
export function wantsTable(accept: string | undefined): boolean {
  return /as=Table/.test(accept ?? '');
}
