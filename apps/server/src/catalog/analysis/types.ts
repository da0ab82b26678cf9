import type { ScrapedItem } from '../types.js';

/** One insight about one item. `analyzer` is unique per item: a rerun updates or resolves it. */
export type Insight = {
  analyzer: string;
  analysisType: 'security' | 'reliability' | 'cost' | 'availability' | 'performance' | 'compliance' | 'other';
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  summary: string;
  message: string;
  analysis?: unknown;
};

/** Looks at one item's config and reports what it finds; `now` keeps expiry checks testable. */
export type Analyser = (item: ScrapedItem, now: Date) => Insight[];
