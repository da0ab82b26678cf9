import type { ServerContext } from '../../context.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { ScrapeOutput } from '../types.js';

/** The stored scraper a kind runs for. */
export type ScraperRow = {
  id: string;
  name: string;
  namespace: string | null;
  agent_id: string;
  schedule: string | null;
  spec: unknown;
  /** 'demo' for the demo's own scraper (catalog/demo/seed.ts). */
  source?: string;
};

export type ScrapeContext = {
  ctx: Pick<ServerContext, 'db' | 'log' | 'config'>;
  scraper: ScraperRow;
  signal: AbortSignal;
  /** Every connection to a source named in the spec goes through it (net/outbound.ts). */
  outbound: OutboundPolicy;
};

/** One scraper kind: reads its source for one spec entry. Errors for parts go in `errors`. */
export type ScraperKindRunner<Entry> = {
  run(entry: Entry, sc: ScrapeContext): Promise<ScrapeOutput>;
};
