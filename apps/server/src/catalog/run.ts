import { describeSpecIssues, scrapeConfigSpecSchema, type ScrapeConfigSpec } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import { recordJob } from '../jobs/history.js';
import { makeAllDue } from '../jobs/claim-due.js';
import { outboundPolicy } from '../net/outbound.js';
import { analyseItems } from './analysis/index.js';
import { applyRetention, deleteStaleItems } from './retention.js';
import { runAllKinds } from './scrapers/registry.js';
import type { ScraperRow } from './scrapers/types.js';
import { backfillDemoChanges } from './demo/history.js';
import { DEMO_SOURCE } from './demo/seed.js';
import { resolveRelationshipSelectors } from './relationships.js';
import { persistScrape } from './store.js';
import type { ScrapedChange, ScrapedItem } from './types.js';

/** The job result of `POST /api/config/run/{id}` (docs/catalog.md, APIs). */
export type ScrapeResult = { configs_scraped: number; changes: number; errors: string[] };

export class ScraperNotFound extends Error {}
export class ScraperBusy extends Error {}
class ScrapeFailed extends Error {
  constructor(readonly errors: string[]) {
    super(errors.slice(0, 3).join('; ') + (errors.length > 3 ? ` (+${errors.length - 3} more)` : ''));
  }
}

/** A run holds the scraper for at most this long, so a crashed run does not block it forever. */
const LEASE = '15 minutes';

export const SCRAPER_JOB_NAME = 'Scraper';

type RunCtx = Pick<ServerContext, 'db' | 'log' | 'config' | 'metrics'>;

async function loadScraper(ctx: RunCtx, id: string): Promise<ScraperRow> {
  const r = await ctx.db.query<ScraperRow>(
    'SELECT id, name, namespace, agent_id, schedule, spec, source FROM config_scrapers WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const row = r.rows[0];
  if (!row) throw new ScraperNotFound(`Scraper ${id} not found`);
  return row;
}

async function takeLease(ctx: RunCtx, id: string): Promise<boolean> {
  const r = await ctx.db.query(
    `INSERT INTO config_scraper_state (scraper_id, running_until) VALUES ($1, now() + interval '${LEASE}')
     ON CONFLICT (scraper_id) DO UPDATE SET running_until = EXCLUDED.running_until
     WHERE config_scraper_state.running_until IS NULL OR config_scraper_state.running_until < now()
     RETURNING scraper_id`,
    [id],
  );
  return r.rows.length > 0;
}

/** Whether the scraper has stored an item before (its unique key starts with scraper_id). */
async function hasStoredItems(ctx: RunCtx, id: string): Promise<boolean> {
  const r = await ctx.db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM config_items WHERE scraper_id = $1) AS found',
    [id],
  );
  return r.rows[0]?.found === true;
}

async function scrape(ctx: RunCtx, scraper: ScraperRow, spec: ScrapeConfigSpec, signal: AbortSignal) {
  const clock = await ctx.db.query<{ now: Date }>('SELECT now() AS now');
  const startedAt = clock.rows[0]?.now ?? new Date();
  const outputs = await runAllKinds(spec, {
    ctx,
    scraper,
    signal,
    outbound: outboundPolicy(ctx.config.outbound),
  });
  const items: { item: ScrapedItem; source: string }[] = [];
  const changes: { change: ScrapedChange; source: string }[] = [];
  const errors: string[] = [];
  for (const { kind, output } of outputs) {
    items.push(...output.items.map((item) => ({ item, source: kind })));
    changes.push(...output.changes.map((change) => ({ change, source: kind })));
    errors.push(...output.errors);
  }
  if (items.length === 0 && errors.length > 0) throw new ScrapeFailed(errors);
  resolveRelationshipSelectors(items.map((i) => i.item));
  const persisted = await persistScrape(ctx.db, scraper, items, changes);
  const insights = await analyseItems(ctx.db, scraper.id, persisted.stored);
  // A source that answered only in part must not make its other items disappear.
  const deleted =
    errors.length === 0 ? await deleteStaleItems(ctx.db, scraper.id, spec.retention, startedAt) : 0;
  const retention = await applyRetention(ctx.db, scraper.id, spec.retention);
  return {
    success: persisted.stored.length,
    errors: errors.length,
    details: {
      ...(errors.length ? { errors } : {}),
      scrape_summary: persisted.summary,
      summary: { changes: persisted.changes, insights, deleted, retention },
    },
    result: {
      configs_scraped: persisted.stored.length,
      changes: persisted.changes,
      errors,
    } satisfies ScrapeResult,
  };
}

/**
 * Runs one scraper now: reads every source of its spec, stores items and changes, analyses,
 * deletes stale items, applies retention, and records the run in job_history.
 */
export async function runScraper(
  ctx: RunCtx,
  scraperId: string,
  signal = new AbortController().signal,
): Promise<ScrapeResult> {
  const scraper = await loadScraper(ctx, scraperId);
  if (!(await takeLease(ctx, scraper.id)))
    throw new ScraperBusy(`Scraper ${scraper.name} is already running`);
  try {
    const storedBefore = await hasStoredItems(ctx, scraper.id);
    const outcome = await recordJob(
      ctx,
      {
        name: SCRAPER_JOB_NAME,
        resourceId: scraper.id,
        resourceType: 'config_scraper',
        agentId: scraper.agent_id,
      },
      async () => {
        const parsed = scrapeConfigSpecSchema.safeParse(scraper.spec);
        if (!parsed.success) throw new ScrapeFailed([`Invalid spec: ${describeSpecIssues(parsed.error)}`]);
        return scrape(ctx, scraper, parsed.data, signal);
      },
    );
    // Topologies look up what a scraper's first scrape that stores items brings (namespaces,
    // deployments): built before it (at start-up, in the same second), their cards would stay
    // empty or grey until their next slot. Later scrapes change little, and rebuilding a large
    // topology after every push would cost more than it shows.
    if (outcome.result.configs_scraped > 0 && !storedBefore) {
      await makeAllDue(ctx.db, 'topologies');
    }
    // The demo's catalog gets its week of past changes once its items exist.
    if (scraper.source === DEMO_SOURCE && outcome.result.configs_scraped > 0)
      await backfillDemoChanges(ctx.db, scraper.id);
    return outcome.result;
  } catch (e) {
    if (e instanceof ScrapeFailed) return { configs_scraped: 0, changes: 0, errors: e.errors };
    throw e;
  } finally {
    await ctx.db.query(
      'UPDATE config_scraper_state SET running_until = NULL, last_run_at = now() WHERE scraper_id = $1',
      [scraper.id],
    );
  }
}
