import { z } from 'zod';
import { createAccessToken } from '../auth/index.js';
import type { Db, Queryable } from '../db/types.js';
import { HttpError } from '../platform/http-error.js';
import { LOCAL_AGENT_ID } from './upstream-push.js';

/** An agent's token lasts a year; a new one comes from generating the agent again. */
const TOKEN_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export const generateBodySchema = z.object({
  name: z.string().trim().min(1, 'This field is required').max(255),
  description: z.string().optional(),
  properties: z.record(z.string(), z.string()).default({}),
  // Install options: they shape the instructions the web shows, not the agent row.
  kubernetes: z
    .object({
      enabled: z.boolean(),
      interval: z.string().optional(),
      exclusions: z.array(z.string()).optional(),
    })
    .optional(),
  pushTelemetry: z.object({ enabled: z.boolean(), topologyName: z.string().optional() }).optional(),
});

export type GeneratedAgent = { id: string; username: string; access_token: string };

/** Creates the agent, its person (type agent) and that person's access token, shown only here. */
export async function generateAgent(
  db: Db,
  body: z.infer<typeof generateBodySchema>,
  createdBy: string | null,
): Promise<GeneratedAgent> {
  const username = `agent-${body.name}`;
  return db.transaction(async (tx) => {
    const taken = await tx.query('SELECT 1 FROM agents WHERE name = $1 AND deleted_at IS NULL', [body.name]);
    if (taken.rows.length) throw new HttpError(409, `An agent named ${body.name} already exists`, ['name']);
    const person = await tx.query<{ id: string }>(
      `INSERT INTO people (name, type) VALUES ($1, 'agent') RETURNING id`,
      [username],
    );
    const personId = person.rows[0]?.id;
    if (!personId) throw new Error('person insert returned no row');
    const agent = await tx.query<{ id: string }>(
      `INSERT INTO agents (name, description, properties, username, person_id, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [body.name, body.description ?? null, JSON.stringify(body.properties), username, personId, createdBy],
    );
    const id = agent.rows[0]?.id;
    if (!id) throw new Error('agent insert returned no row');
    const { token } = await createAccessToken(
      tx,
      personId,
      `agent ${body.name}`,
      new Date(Date.now() + TOKEN_LIFETIME_MS),
    );
    return { id, username, access_token: token };
  });
}

/**
 * The agent's rows, children before parents so no foreign key holds a delete back. Check
 * statuses, changes, analyses and relationships go with their parents (ON DELETE CASCADE).
 */
const CLEANUP = [
  'components',
  'topologies',
  'checks',
  'canaries',
  'config_items',
  'config_scrapers',
  'job_history',
];

/**
 * The agent's own person: of type agent (made by generateAgent) and used by no other live agent.
 * Anyone else an agent row may name (rows written before migration 135) is left alone.
 */
async function ownPersonOf(tx: Queryable, agentId: string, personId: string | null): Promise<string | null> {
  if (!personId) return null;
  const { rows } = await tx.query<{ id: string }>(
    `SELECT p.id FROM people p
      WHERE p.id = $1 AND p.type = 'agent'
        AND NOT EXISTS (SELECT 1 FROM agents a WHERE a.person_id = p.id AND a.id <> $2 AND a.deleted_at IS NULL)`,
    [personId, agentId],
  );
  return rows[0]?.id ?? null;
}

/**
 * Soft-deletes the agent and ends its credentials at once: the tokens of its own person expire
 * and that person is deleted (never a person the agent was not generated with). With cleanup,
 * the rows it pushed or was assigned go too.
 */
export async function deleteAgent(db: Db, id: string, cleanup: boolean): Promise<void> {
  if (id === LOCAL_AGENT_ID) throw new HttpError(400, 'The local agent cannot be deleted');
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ person_id: string | null }>(
      `UPDATE agents SET deleted_at = now(), updated_at = now(), cleanup = $2
        WHERE id = $1 AND deleted_at IS NULL RETURNING person_id`,
      [id, cleanup],
    );
    const agent = rows[0];
    if (!agent) throw new HttpError(404, `agent(id=${id}) not found`);
    const personId = await ownPersonOf(tx, id, agent.person_id);
    if (personId) {
      await tx.query('UPDATE access_tokens SET expires_at = now() WHERE person_id = $1', [personId]);
      await tx.query('UPDATE people SET deleted_at = now() WHERE id = $1', [personId]);
    }
    if (cleanup)
      for (const table of CLEANUP) await tx.query(`DELETE FROM ${table} WHERE agent_id = $1`, [id]);
  });
}
