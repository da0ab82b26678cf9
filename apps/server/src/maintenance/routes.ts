import type { ActiveMaintenance } from '@opsdeck/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { badRequest } from '../platform/http-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const activeQuerySchema = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.string().regex(UUID, 'a uuid')).max(1000)),
});

/**
 * GET /api/maintenance/active?ids=a,b — of the given checks, components and config items,
 * those under maintenance now: id → {window_id, name, ends_at} (the latest-ending occurrence).
 * The badges ask it for the resources on screen; readers of maintenance may.
 */
export async function maintenanceRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.get('/api/maintenance/active', { config: { permission: ['maintenance', 'read'] } }, async (req) => {
    const q = activeQuerySchema.safeParse(req.query);
    if (!q.success) throw badRequest(`ids: ${q.error.issues[0]?.message ?? 'a comma-separated list of ids'}`);
    const { rows } = await ctx.db.read((db) =>
      db.query<{ resource_id: string; window_id: string; name: string; ends_at: Date }>(
        `SELECT DISTINCT ON (resource_id) resource_id, window_id, window_name AS name, ends_at
         FROM maintenance_resources
         WHERE resource_id = ANY ($1::uuid[]) AND starts_at <= now() AND ends_at > now()
         ORDER BY resource_id, ends_at DESC`,
        [q.data.ids],
      ),
    );
    const out: ActiveMaintenance = {};
    for (const r of rows)
      out[r.resource_id] = {
        window_id: r.window_id,
        name: r.name,
        ends_at: new Date(r.ends_at).toISOString(),
      };
    return out;
  });
}
