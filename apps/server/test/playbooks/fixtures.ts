import type { Db } from '../../src/db/types.js';

/** A check (with its canary) as the run's resource. */
export async function insertCheck(
  db: Db,
  o: { name?: string; status?: string; labels?: Record<string, string>; type?: string } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `WITH c AS (INSERT INTO canaries (name) VALUES ('web-' || gen_random_uuid()) RETURNING id)
     INSERT INTO checks (canary_id, name, type, status, labels) SELECT id, $1, $2, $3, $4 FROM c RETURNING id`,
    [o.name ?? 'homepage', o.type ?? 'http', o.status ?? 'healthy', JSON.stringify(o.labels ?? {})],
  );
  return rows[0]!.id;
}

/** A catalog item as the run's resource. */
export async function insertConfig(
  db: Db,
  o: { name?: string; type?: string; labels?: Record<string, string>; tags?: Record<string, string> } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_items (type, name, config_class, labels, tags, config)
     VALUES ($1, $2, 'Pod', $3, $4, '{}') RETURNING id`,
    [
      o.type ?? 'Kubernetes::Pod',
      o.name ?? 'api-0',
      JSON.stringify(o.labels ?? {}),
      JSON.stringify(o.tags ?? {}),
    ],
  );
  return rows[0]!.id;
}

export type RunRow = Record<string, unknown> & { id: string; status: string };

export async function runsOf(db: Db, playbookId: string): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    'SELECT * FROM playbook_runs WHERE playbook_id = $1 ORDER BY created_at',
    [playbookId],
  );
  return rows;
}
