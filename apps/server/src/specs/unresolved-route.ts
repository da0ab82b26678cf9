import type { ScrapeConfigSpec } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { scraperConnections } from '../catalog/index.js';
import { connectionReferenceProblems, type SpecReference } from '../connections/index.js';
import type { ServerContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { checkConnections } from '../health/index.js';
import { ruleUnresolved } from '../notifications/index.js';

/** A spec's references to connections that are not live, for a table whose rows hold a spec. */
function specReferences(table: string, refsOf: (spec: unknown) => SpecReference[]) {
  return async (db: Queryable, id: string): Promise<string[]> => {
    const { rows } = await db.query<{ spec: unknown }>(
      `SELECT spec FROM ${table} WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    return rows[0] ? connectionReferenceProblems(db, refsOf(rows[0].spec)) : [];
  };
}

/** What each kind may name before it exists, and how to find what it still lacks. */
const UNRESOLVED: Record<string, (db: Queryable, id: string) => Promise<string[]>> = {
  canaries: specReferences('canaries', checkConnections),
  config_scrapers: specReferences('config_scrapers', (spec) =>
    scraperConnections((spec ?? {}) as ScrapeConfigSpec),
  ),
  notifications: async (db, id) => {
    const { rows } = await db.query<{ custom_services: { connection?: unknown }[] | null }>(
      'SELECT custom_services FROM notifications WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    const services = (rows[0]?.custom_services ?? []).map((s, i) => ({
      path: `custom_services.${i}.connection`,
      value: s.connection,
    }));
    return [...(await ruleUnresolved(db, id)), ...(await connectionReferenceProblems(db, services))];
  },
};

/** "spec.http.0.connection: connection x not found" → where, and what. */
function pathAndMessage(problem: string): { path: string; message: string } {
  const at = problem.indexOf(': ');
  return at < 0
    ? { path: '', message: problem }
    : { path: problem.slice(0, at), message: problem.slice(at + 2) };
}

const params = z.object({ table: z.string(), id: z.uuid() });

/**
 * GET /api/specs/unresolved/:table/:id → `{unresolved: [{path: 'spec.http.0.connection',
 * message: 'connection connection://x not found'}, …]}`: what an object names that does not exist yet, for the
 * warning its page shows (docs/specs-as-code.md). The caller must be allowed to read the table.
 */
export async function specsRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/api/specs/unresolved/:table/:id', async (req, reply) => {
    const p = params.safeParse(req.params);
    if (!p.success) return reply.code(400).send({ error: 'give a table and an object id (a UUID)' });
    const decision = await ctx.dataAccess(req, { kind: 'table', name: p.data.table }, 'read');
    if (!decision.ok) return reply.code(decision.status).send({ error: decision.message });
    const find = Object.hasOwn(UNRESOLVED, p.data.table) ? UNRESOLVED[p.data.table] : undefined;
    const problems = find ? await find(ctx.db, p.data.id) : [];
    return { unresolved: problems.map(pathAndMessage) };
  });
}
