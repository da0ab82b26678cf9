import type { ServerContext } from '../../context.js';
import type { ScrapeOutput } from '../types.js';

/** The stored scraper a kind runs for. */
export type ScraperRow = {
  id: string;
  name: string;
  namespace: string | null;
  agent_id: string;
  schedule: string | null;
  spec: unknown;
};

export type ScrapeContext = {
  ctx: Pick<ServerContext, 'db' | 'log' | 'config'>;
  scraper: ScraperRow;
  signal: AbortSignal;
};

/** One scraper kind: reads its source for one spec entry. Errors for parts go in `errors`. */
export type ScraperKindRunner<Entry> = {
  run(entry: Entry, sc: ScrapeContext): Promise<ScrapeOutput>;
};
