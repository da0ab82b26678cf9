import { scrapeConfigSpecSchema } from '@opsdeck/shared';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SCRAPER_TEMPLATES, startScraperSpec } from './scraperDraft.js';

describe('scraper drafts', () => {
  it('starts a kind with one empty entry and the default schedule', () => {
    expect(parse(startScraperSpec('sql'))).toEqual({ schedule: '@every 5m', sql: [{}] });
  });

  it('offers templates the scraper schema accepts', () => {
    for (const t of SCRAPER_TEMPLATES) {
      const spec: unknown = parse(startScraperSpec(t.type, t.item));
      expect(scrapeConfigSpecSchema.safeParse(spec).success, t.label).toBe(true);
    }
  });
});
