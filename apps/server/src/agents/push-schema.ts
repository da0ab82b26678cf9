import { z } from 'zod';
import { agentActionResultSchema, type AgentActionResult } from '../playbooks/index.js';
import { PUSH_TABLE_NAMES, PUSH_TABLES, type PushTableName } from './push-tables.js';

/** Rows an agent sends in one push, at most this many over all tables. */
export const PUSH_MAX_ROWS = 20_000;
/** A push body's size limit (a page of config items can carry large documents). */
export const PUSH_BODY_LIMIT = 64 * 1024 * 1024;

const UUID = z.guid({ message: 'must be a UUID' });
const KEY_TYPES: Record<string, z.ZodTypeAny> = {
  id: UUID,
  check_id: UUID,
  config_id: UUID,
  related_id: UUID,
  component_id: UUID,
  relationship_id: UUID,
  time: z.string().min(1),
  // A location result names its place; the upstream stamps the pushing agent there whatever it says.
  location: z.string().optional(),
  relation: z.string(),
};

/**
 * One row: its primary key checked here, every other column by the database as it reads the
 * JSON into the table's row type (a value it cannot take is a 400 naming it). Keys that are
 * not columns are ignored there.
 */
function rowSchema(name: PushTableName): z.ZodTypeAny {
  const table = PUSH_TABLES.find((t) => t.name === name);
  const shape: Record<string, z.ZodTypeAny> = {};
  for (const column of table?.pk ?? []) shape[column] = KEY_TYPES[column] ?? z.string();
  return z.looseObject(shape);
}

const tables = Object.fromEntries(
  PUSH_TABLE_NAMES.map((name) => [name, z.array(rowSchema(name)).optional()]),
) as Record<PushTableName, z.ZodOptional<z.ZodArray<z.ZodTypeAny>>>;

/**
 * What `POST /api/upstream/push` takes: any of the tables, each a list of rows, and the
 * outcomes of playbook actions the agent ran (`playbook_actions`).
 */
export const pushDataSchema = z
  .object({ ...tables, playbook_actions: z.array(agentActionResultSchema).optional() })
  .strict()
  .refine(
    (d) =>
      Object.values(d).reduce((n, rows) => n + (Array.isArray(rows) ? rows.length : 0), 0) <= PUSH_MAX_ROWS,
    { message: `at most ${PUSH_MAX_ROWS} rows in one push` },
  );

export type PushRow = Record<string, unknown>;
export type PushData = Partial<Record<PushTableName, PushRow[]>> & {
  playbook_actions?: AgentActionResult[];
};

/** What a push answer names: a table, or the playbook action outcomes. */
export type PushResultTable = PushTableName | 'playbook_actions';
const RESULT_TABLES = [...PUSH_TABLE_NAMES, 'playbook_actions'] as const;

/** A row the upstream did not take: refused for good, or waiting for a parent it lacks. */
export type PushRowOutcome = { table: PushResultTable; key: Record<string, unknown>; reason: string };

/** The upstream's answer to a push. */
export type PushResult = {
  saved: Partial<Record<PushResultTable, number>>;
  /** Rows owned by another agent or by the upstream itself: never taken; the agent stops sending them. */
  refused: PushRowOutcome[];
  /** Rows naming a parent the upstream does not have yet: the agent sends them again later. */
  deferred: PushRowOutcome[];
};

export const pushResultSchema = z.object({
  saved: z.record(z.string(), z.number()),
  refused: z.array(
    z.object({ table: z.enum(RESULT_TABLES), key: z.record(z.string(), z.unknown()), reason: z.string() }),
  ),
  deferred: z.array(
    z.object({ table: z.enum(RESULT_TABLES), key: z.record(z.string(), z.unknown()), reason: z.string() }),
  ),
});
