import type { Db } from '../db/types.js';
import { syncCanaryChecks } from '../health/index.js';
import type { PulledRow, UpstreamClient } from './upstream-client.js';

/** Where the last pull of each kind ended; a restart pulls everything again (upserts are harmless). */
export type PullCursor = { canary?: string; scrapeconfig?: string };

const COLUMNS = {
  canary: [
    'id',
    'name',
    'namespace',
    'labels',
    'spec',
    'source',
    'schedule',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
  scrapeconfig: [
    'id',
    'name',
    'namespace',
    'description',
    'spec',
    'source',
    'schedule',
    'created_at',
    'updated_at',
    'deleted_at',
  ],
} as const;
const TABLE = { canary: 'canaries', scrapeconfig: 'config_scrapers' } as const;

/**
 * Stores assigned rows as this server's own (agent_id stays the local one here: the upstream
 * stamps the agent's id when they come back in a push). Due at once: next_runtime is cleared.
 */
async function store(db: Db, kind: keyof typeof COLUMNS, rows: PulledRow[]): Promise<void> {
  const cols = COLUMNS[kind];
  const table = TABLE[kind];
  const sets = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  if (kind === 'canary') sets.push('next_runtime = NULL');
  await db.query(
    `INSERT INTO ${table} (${cols.join(', ')})
     SELECT ${cols.join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (id) DO UPDATE SET ${sets.join(', ')}`,
    [JSON.stringify(rows)],
  );
}

/** Pulls the canaries and scrapers the upstream assigned to this agent and changed since the last pull. */
export async function pullAssigned(db: Db, client: UpstreamClient, cursor: PullCursor): Promise<number> {
  let n = 0;
  for (const kind of ['canary', 'scrapeconfig'] as const) {
    const rows = await client.pull(kind, cursor[kind]);
    if (!rows.length) continue;
    await store(db, kind, rows);
    if (kind === 'canary') for (const r of rows) await syncCanaryChecks(db, r.id);
    cursor[kind] = rows.reduce((max, r) => (r.updated_at > max ? r.updated_at : max), cursor[kind] ?? '');
    n += rows.length;
  }
  return n;
}
