import type { Db, Queryable } from '../db/types.js';
import { markPushedResults } from '../maintenance/index.js';
import type { PushData, PushResult, PushRow, PushRowOutcome } from './push-schema.js';
import { LOCAL_COLUMNS, PUSH_TABLES, type PushTable } from './push-tables.js';
import type { PushedStatsPacer } from './pushed-stats-pacer.js';
import type { Pusher } from './pusher.js';
import { applyLocationResults } from './upstream-locations.js';

export type { Pusher };

export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

const columnCache = new WeakMap<Queryable, Map<string, Set<string>>>();

async function columnsOf(db: Db, table: string): Promise<Set<string>> {
  let byTable = columnCache.get(db);
  if (!byTable) columnCache.set(db, (byTable = new Map()));
  let columns = byTable.get(table);
  if (!columns) {
    const { rows } = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    columns = new Set(rows.map((r) => r.column_name));
    byTable.set(table, columns);
  }
  return columns;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The last row for each primary key: one statement may not upsert a row twice. */
function dedupe(table: PushTable, rows: PushRow[]): PushRow[] {
  const byKey = new Map<string, PushRow>();
  for (const row of rows) byKey.set(JSON.stringify(table.pk.map((c) => row[c])), row);
  return [...byKey.values()];
}

/**
 * Why each row cannot be taken yet or ever, in the rows' order: `missing` names a reference
 * the upstream lacks (the row waits), `owner` is the agent_id of the row or parent that
 * belongs to someone else (the row is refused).
 */
function classifySql(table: PushTable): string {
  const t = quote(table.name);
  const missing = table.references.map(({ column, table: ref }) => {
    const c = `b.${quote(column)}`;
    const inBatch =
      ref === table.name
        ? ` AND ${c} NOT IN (SELECT s.id FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb) s)`
        : '';
    return `WHEN ${c} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${quote(ref)} r WHERE r.id = ${c})${inBatch} THEN '${column}'`;
  });
  const pkMatch = table.pk.map((c) => `x.${quote(c)} = b.${quote(c)}`).join(' AND ');
  const owners =
    table.owner.kind === 'column'
      ? [`(SELECT x.agent_id FROM ${t} x WHERE ${pkMatch} AND x.agent_id <> $2::uuid)`]
      : table.owner.kind === 'location'
        ? ['NULL::uuid']
        : table.owner.via.map(
            ({ column, table: ref }) =>
              `(SELECT r.agent_id FROM ${quote(ref)} r WHERE r.id = b.${quote(column)} AND r.agent_id <> $2::uuid)`,
          );
  const live = table.uniqueLiveOnly ? ' AND x.deleted_at IS NULL AND b.deleted_at IS NULL' : '';
  const collides = table.unique
    ? `EXISTS (SELECT 1 FROM ${t} x WHERE ${table.unique.map((c) => `x.${quote(c)} = b.${quote(c)}`).join(' AND ')}
         AND NOT (${pkMatch})${live})`
    : 'false';
  return `SELECT
      ${missing.length ? `CASE ${missing.join(' ')} END` : 'NULL::text'} AS missing,
      COALESCE(${owners.join(', ')})::text AS owner,
      ${collides} AS collides
    FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb) WITH ORDINALITY AS b
    ORDER BY b.ordinality`;
}

/** The statement and its parameters (only those it names: PostgreSQL cannot type an unused one). */
function upsert(table: PushTable, columns: string[], rows: PushRow[], pusher: Pusher): [string, unknown[]] {
  const t = quote(table.name);
  const params: unknown[] = [JSON.stringify(rows)];
  const stamped: [string, string][] = [];
  if (table.owner.kind === 'column') stamped.push(['agent_id', `$${params.push(pusher.agentId)}::uuid`]);
  if (table.createdBy) stamped.push(['created_by', `$${params.push(pusher.personId)}::uuid`]);
  const all = [...columns.map(quote), ...stamped.map(([c]) => quote(c))];
  const values = [...columns.map((c) => `b.${quote(c)}`), ...stamped.map(([, v]) => v)];
  const updates = [...columns, ...stamped.map(([c]) => c)]
    .filter((c) => !table.pk.includes(c))
    .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`);
  const conflict = updates.length ? `DO UPDATE SET ${updates.join(', ')}` : 'DO NOTHING';
  // The ownership check again, at write time: a row of another agent is never overwritten.
  const guard =
    table.owner.kind === 'column' && updates.length ? ` WHERE ${t}.agent_id = EXCLUDED.agent_id` : '';
  const sql = `INSERT INTO ${t} (${all.join(', ')})
    SELECT ${values.join(', ')} FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb) b
    ON CONFLICT (${table.pk.map(quote).join(', ')}) ${conflict}${guard}`;
  return [sql, params];
}

/**
 * Soft-deletes the pusher's live rows that have a pushed row's unique key under another id
 * ($1 the rows, $2 the pusher's agent id): they give way to the rows the agent really has.
 */
function replaceSql(table: PushTable): string | undefined {
  if (!table.replacesSameKey || !table.unique || table.owner.kind !== 'column') return undefined;
  const t = quote(table.name);
  const sameKey = table.unique.map((c) => `x.${quote(c)} = b.${quote(c)}`).join(' AND ');
  const differentRow = table.pk.map((c) => `x.${quote(c)} IS DISTINCT FROM b.${quote(c)}`).join(' OR ');
  return `UPDATE ${t} x SET deleted_at = now(), updated_at = now()
    FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb) b
    WHERE ${sameKey} AND (${differentRow}) AND x.agent_id = $2::uuid
      AND x.deleted_at IS NULL AND b.deleted_at IS NULL`;
}

const keyOf = (table: PushTable, row: PushRow) => Object.fromEntries(table.pk.map((c) => [c, row[c]]));

/**
 * Saves one push in one transaction, tables in foreign-key order, each row upserted by its
 * primary key with the pusher's agent_id stamped whatever the body said. Rows of another agent
 * (or of the upstream itself) are refused; rows naming a parent not here yet are deferred.
 */
export async function applyPush(
  db: Db,
  pusher: Pusher,
  data: PushData,
  stats: PushedStatsPacer,
): Promise<PushResult> {
  const result: PushResult = { saved: {}, refused: [], deferred: [] };
  const plans: { table: PushTable; rows: PushRow[]; columns: string[] }[] = [];
  for (const table of PUSH_TABLES) {
    const rows = data[table.name];
    if (!rows?.length) continue;
    const known = await columnsOf(db, table.name);
    const present = new Set<string>();
    for (const row of rows)
      for (const k of Object.keys(row)) if (known.has(k) && !LOCAL_COLUMNS.has(k)) present.add(k);
    plans.push({ table, rows: dedupe(table, rows), columns: [...present] });
  }
  await db.transaction(async (tx) => {
    // The trigger of migration 100 stores these rows as pushed: they are the agent's, not ours to send.
    await tx.query(`SELECT set_config('opsdeck.agent_push_received', 'on', true)`);
    for (const { table, rows, columns } of plans) {
      if (table.owner.kind === 'location') {
        await applyLocationResults(tx, pusher, rows, result);
        continue;
      }
      const replace = replaceSql(table);
      if (replace) await tx.query(replace, [JSON.stringify(rows), pusher.agentId]);
      const { rows: verdicts } = await tx.query<{
        missing: string | null;
        owner: string | null;
        collides: boolean;
      }>(classifySql(table), [JSON.stringify(rows), pusher.agentId]);
      const take: PushRow[] = [];
      rows.forEach((row, i) => {
        const v = verdicts[i];
        const outcome = (reason: string): PushRowOutcome => ({
          table: table.name,
          key: keyOf(table, row),
          reason,
        });
        if (v?.owner) {
          result.refused.push(
            outcome(
              v.owner === LOCAL_AGENT_ID ? 'belongs to the upstream itself' : 'belongs to another agent',
            ),
          );
        } else if (v?.collides) {
          result.refused.push(outcome(`another row has the same ${table.unique?.join(', ')}`));
        } else if (v?.missing) {
          result.deferred.push(outcome(`${v.missing} names a row the upstream does not have yet`));
        } else take.push(row);
      });
      if (!take.length) continue;
      const { affectedRows } = await tx.query(...upsert(table, columns, take, pusher));
      result.saved[table.name] = affectedRows;
    }
    // Pushed results count in the uptime and latency the dashboard summary shows (paced).
    const checkIds = new Set<string>();
    for (const row of data.check_statuses ?? [])
      if (typeof row.check_id === 'string') checkIds.add(row.check_id);
    if (checkIds.size) {
      await markPushedResults(tx, [...checkIds]);
      await stats.pushed(tx, [...checkIds]);
    }
    await tx.query('UPDATE agents SET last_received = now(), last_seen = now() WHERE id = $1', [
      pusher.agentId,
    ]);
  });
  return result;
}
