import zlib from 'node:zlib';
import type { Queryable } from '../../src/db/types.js';

/** A config item as a scraper would store it (no scraper: tests write items directly). */
export async function insertConfig(
  db: Queryable,
  c: {
    type: string;
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    tags?: Record<string, string>;
    config?: unknown;
    health?: string;
    cost30d?: number;
  },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_items (type, name, namespace, labels, tags, config, health, cost_total_30d, external_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ARRAY[$1 || '/' || $2 || '/' || coalesce($3, '')]) RETURNING id`,
    [
      c.type,
      c.name,
      c.namespace ?? null,
      JSON.stringify(c.labels ?? {}),
      JSON.stringify(c.tags ?? {}),
      JSON.stringify(c.config ?? {}),
      c.health ?? null,
      c.cost30d ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A canary with checks whose status is already known (as if they had run). */
export async function insertChecks(
  db: Queryable,
  canary: { name: string; namespace: string; labels?: Record<string, string> },
  checks: { name: string; status: 'healthy' | 'unhealthy' | null; labels?: Record<string, string> }[],
): Promise<Record<string, string>> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO canaries (name, namespace, labels) VALUES ($1, $2, $3) RETURNING id',
    [canary.name, canary.namespace, JSON.stringify(canary.labels ?? {})],
  );
  const canaryId = rows[0]!.id;
  const ids: Record<string, string> = {};
  for (const k of checks) {
    const { rows: r } = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, name, namespace, type, labels, status) VALUES ($1, $2, $3, 'http', $4, $5) RETURNING id`,
      [canaryId, k.name, canary.namespace, JSON.stringify({ ...canary.labels, ...k.labels }), k.status],
    );
    ids[k.name] = r[0]!.id;
  }
  return ids;
}

export async function setCheckStatus(
  db: Queryable,
  id: string,
  status: 'healthy' | 'unhealthy',
): Promise<void> {
  await db.query('UPDATE checks SET status = $2 WHERE id = $1', [id, status]);
}

export async function insertTopology(db: Queryable, name: string, spec: unknown): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO topologies (name, spec) VALUES ($1, $2) RETURNING id',
    [name, JSON.stringify(spec)],
  );
  return rows[0]!.id;
}

export async function setSpec(db: Queryable, id: string, spec: unknown): Promise<void> {
  await db.query('UPDATE topologies SET spec = $2 WHERE id = $1', [id, JSON.stringify(spec)]);
}

export type LiveComponent = {
  id: string;
  name: string;
  type: string | null;
  parent_id: string | null;
  path: string;
  status: string;
  status_reason: string | null;
  summary: Record<string, unknown>;
  properties: { name: string; text?: string; value?: number }[];
  deleted_at: Date | null;
};

/** Components of a topology by name (live ones win over deleted ones of the same name). */
export async function componentsByName(
  db: Queryable,
  topologyId: string,
): Promise<Map<string, LiveComponent>> {
  const { rows } = await db.query<LiveComponent>(
    `SELECT id, name, type, parent_id, path, status, status_reason, summary, properties, deleted_at
     FROM components WHERE topology_id = $1 ORDER BY deleted_at NULLS LAST`,
    [topologyId],
  );
  const out = new Map<string, LiveComponent>();
  for (const r of rows.reverse()) out.set(r.name, r);
  return out;
}

/** A tiny ZIP reader for tests: the central directory, each entry inflated and CRC-checked. */
export function readZip(buf: Buffer): Map<string, string> {
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const packedSize = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const offset = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const localNameLen = buf.readUInt16LE(offset + 26);
    const localExtraLen = buf.readUInt16LE(offset + 28);
    const start = offset + 30 + localNameLen + localExtraLen;
    const packed = buf.subarray(start, start + packedSize);
    const data = method === 8 ? zlib.inflateRawSync(packed) : packed;
    if (zlib.crc32(data) !== crc) throw new Error(`CRC mismatch in ${name}`);
    out.set(name, data.toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
