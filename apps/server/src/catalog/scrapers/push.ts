import type { PushScraperSpec } from '@opsdeck/shared';
import { emptyOutput } from '../types.js';
import type { ScraperKindRunner } from './types.js';

/**
 * Push entries have nothing to fetch: agents send their items through `ingestPushedItems`
 * (catalog/push.ts). A scheduled run of a push scraper only applies staleness and retention.
 */
export const pushScraper: ScraperKindRunner<PushScraperSpec> = {
  async run() {
    return emptyOutput();
  },
};
