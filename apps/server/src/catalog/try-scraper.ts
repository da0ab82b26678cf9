import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { untilAborted } from '../lib/abort.js';
import { outboundPolicy } from '../net/outbound.js';
import { badRequest } from '../platform/http-error.js';
import { resolveRelationshipSelectors } from './relationships.js';
import { runAllKinds } from './scrapers/registry.js';
import type { ScraperRow } from './scrapers/types.js';
import type { ScrapedItem } from './types.js';
import { validateScraperSpec } from './validate.js';
import { scraperReachProblem } from './write-hook.js';

/** Most items a try answers with; it says how many the run produced in all. */
export const TRY_MAX_ITEMS = 200;
/** The whole try gives up after this. */
export const TRY_TIMEOUT_MS = 60_000;
/** Most characters of an item's config a try answers with. */
export const TRY_CONFIG_LIMIT = 16 * 1024;

/** The scraper as the settings form saves it; only the spec is needed. */
const tryBody = z.looseObject(
  { name: z.string().nullish(), namespace: z.string().nullish(), spec: z.unknown() },
  { error: 'the body must be a scraper as it is saved: { spec, name?, namespace? }' },
);

export type TriedItem = {
  type: string;
  config_class: string | null;
  name: string | null;
  namespace: string | null;
  external_id: string[];
  health: string | null;
  status: string | null;
  labels: Record<string, string>;
  tags: Record<string, string>;
  /** The config as it would be stored; its JSON text cut at TRY_CONFIG_LIMIT when longer. */
  config: unknown;
  truncated: boolean;
  relationships: number;
};

export type ScraperTryAnswer = {
  /** Items the run produced, in all. */
  total: number;
  items: TriedItem[];
  changes: number;
  errors: string[];
};

function tried(item: ScrapedItem): TriedItem {
  const text = JSON.stringify(item.config ?? null);
  const long = text.length > TRY_CONFIG_LIMIT;
  return {
    type: item.type,
    config_class: item.configClass ?? null,
    name: item.name ?? null,
    namespace: item.namespace ?? null,
    external_id: item.externalId,
    health: item.health ?? null,
    status: item.status ?? null,
    labels: item.labels,
    tags: item.tags,
    config: long ? text.slice(0, TRY_CONFIG_LIMIT) : (item.config ?? null),
    truncated: long,
    relationships: item.relationships.length + (item.parent ? 1 : 0),
  };
}

/**
 * Try it: reads every source of an unsaved scraper once, through the same kinds, outbound
 * policy, connections and file roots as a scheduled run, validated exactly as saving it would
 * be, and answers the items one run would store. Nothing is written: no scraper, item,
 * change, insight or job history.
 */
export async function tryScraper(
  ctx: Pick<ServerContext, 'db' | 'log' | 'config'>,
  input: unknown,
): Promise<ScraperTryAnswer> {
  const body = tryBody.parse(input);
  const check = validateScraperSpec(body.spec);
  if (!check.ok) throw badRequest(check.message);
  const problem = await scraperReachProblem(check.spec, ctx);
  if (problem) throw badRequest(problem);
  // What the kinds know of the scraper they run for (none of them stores anything).
  const scraper: ScraperRow = {
    id: '00000000-0000-0000-0000-000000000000',
    name: body.name?.trim() || 'try',
    namespace: body.namespace?.trim() || null,
    agent_id: '00000000-0000-0000-0000-000000000000',
    schedule: null,
    spec: check.spec,
  };
  const deadline = AbortSignal.timeout(TRY_TIMEOUT_MS);
  let outputs: Awaited<ReturnType<typeof runAllKinds>>;
  try {
    outputs = await untilAborted(
      runAllKinds(check.spec, {
        ctx,
        scraper,
        signal: deadline,
        outbound: outboundPolicy(ctx.config.outbound),
      }),
      deadline,
    );
  } catch (e) {
    if (!deadline.aborted) throw e;
    return {
      total: 0,
      items: [],
      changes: 0,
      errors: [`not finished within the try's ${TRY_TIMEOUT_MS / 1000} s`],
    };
  }
  const items = outputs.flatMap((o) => o.output.items);
  resolveRelationshipSelectors(items);
  return {
    total: items.length,
    items: items.slice(0, TRY_MAX_ITEMS).map(tried),
    changes: outputs.reduce((n, o) => n + o.output.changes.length, 0),
    errors: outputs.flatMap((o) => o.output.errors),
  };
}
