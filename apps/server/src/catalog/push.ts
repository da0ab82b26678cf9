import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { analyseItems } from './analysis/index.js';
import type { ScrapeResult } from './run.js';
import { persistScrape } from './store.js';
import { asHealth, type ScrapedChange, type ScrapedItem } from './types.js';

/** Items an agent pushes upstream (the agents area calls `ingestPushedItems`). */
const externalId = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
const stringMap = z.record(z.string(), z.string());

export const pushedItemSchema = z.object({
  external_id: externalId,
  type: z.string().min(1),
  config_class: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  description: z.string().optional(),
  status: z.string().optional(),
  health: z.string().optional(),
  ready: z.boolean().optional(),
  labels: stringMap.optional(),
  tags: stringMap.optional(),
  config: z.unknown().optional(),
  parent_external_id: z.string().optional(),
  created_at: z.coerce.date().optional(),
  deleted_at: z.coerce.date().optional(),
  cost_per_minute: z.number().optional(),
  cost_total_1d: z.number().optional(),
  cost_total_7d: z.number().optional(),
  cost_total_30d: z.number().optional(),
});

export const pushedChangeSchema = z.object({
  external_id: z.string().min(1),
  type: z.string().optional(),
  external_change_id: z.string().optional(),
  change_type: z.string().min(1),
  severity: z.string().optional(),
  source: z.string().optional(),
  summary: z.string().optional(),
  details: z.unknown().optional(),
  created_at: z.coerce.date().optional(),
  external_created_by: z.string().optional(),
  count: z.number().int().min(1).optional(),
});

export const pushPayloadSchema = z.object({
  scraper_id: z.uuid().optional(),
  items: z.array(pushedItemSchema).default([]),
  changes: z.array(pushedChangeSchema).default([]),
});
export type PushPayload = z.input<typeof pushPayloadSchema>;

export class PushRejected extends Error {}

function toItem(p: z.infer<typeof pushedItemSchema>): ScrapedItem {
  return {
    externalId: Array.isArray(p.external_id) ? p.external_id : [p.external_id],
    type: p.type,
    configClass: p.config_class ?? p.type.split('::').at(-1),
    name: p.name,
    namespace: p.namespace,
    description: p.description,
    status: p.status,
    health: asHealth(p.health),
    ready: p.ready,
    labels: p.labels ?? {},
    tags: p.tags ?? {},
    config: p.config ?? null,
    parent: p.parent_external_id ? { externalId: p.parent_external_id } : undefined,
    relationships: [],
    createdAt: p.created_at,
    deletedAt: p.deleted_at,
    costs: {
      perMinute: p.cost_per_minute,
      total1d: p.cost_total_1d,
      total7d: p.cost_total_7d,
      total30d: p.cost_total_30d,
    },
  };
}

/** The agent's scraper: the one named in the payload (it must belong to the agent), or its push scraper. */
async function scraperFor(ctx: Pick<ServerContext, 'db'>, agentId: string, scraperId: string | undefined) {
  if (scraperId) {
    const r = await ctx.db.query<{ id: string; agent_id: string }>(
      'SELECT id, agent_id FROM config_scrapers WHERE id = $1 AND agent_id = $2 AND deleted_at IS NULL',
      [scraperId, agentId],
    );
    const row = r.rows[0];
    if (!row) throw new PushRejected(`Scraper ${scraperId} does not exist for this agent`);
    return row;
  }
  const found = await ctx.db.query<{ id: string; agent_id: string }>(
    `SELECT id, agent_id FROM config_scrapers WHERE agent_id = $1 AND name = 'push' AND source = 'agent' AND deleted_at IS NULL`,
    [agentId],
  );
  if (found.rows[0]) return found.rows[0];
  const created = await ctx.db.query<{ id: string; agent_id: string }>(
    `INSERT INTO config_scrapers (name, agent_id, source, spec, description)
     VALUES ('push', $1, 'agent', '{"push": [{}]}'::jsonb, 'Items pushed by the agent')
     RETURNING id, agent_id`,
    [agentId],
  );
  const row = created.rows[0];
  if (!row) throw new Error('could not create the push scraper');
  return row;
}

/** Stores items and changes pushed by an agent, with the same change detection as a scrape. */
export async function ingestPushedItems(
  ctx: Pick<ServerContext, 'db'>,
  agentId: string,
  payload: unknown,
): Promise<ScrapeResult> {
  const parsed = pushPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    throw new PushRejected(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const scraper = await scraperFor(ctx, agentId, parsed.data.scraper_id);
  const items = parsed.data.items.map((p) => ({ item: toItem(p), source: 'push' }));
  const changes = parsed.data.changes.map((c) => ({
    change: {
      externalId: c.external_id,
      type: c.type,
      externalChangeId: c.external_change_id,
      changeType: c.change_type,
      severity: c.severity,
      source: c.source,
      summary: c.summary,
      details: c.details,
      createdAt: c.created_at,
      externalCreatedBy: c.external_created_by,
      count: c.count,
    } satisfies ScrapedChange,
    source: 'push',
  }));
  const persisted = await persistScrape(ctx.db, scraper, items, changes);
  await analyseItems(ctx.db, scraper.id, persisted.stored);
  return { configs_scraped: persisted.stored.length, changes: persisted.changes, errors: [] };
}
