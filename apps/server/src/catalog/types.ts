/** What scrapers produce, before it is stored. */
export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/** Another item, referred to by one of its external ids (optionally narrowed by type). */
export type ItemRef = { externalId: string; type?: string };

export type ScrapedRelationship = ItemRef & { relation: string; direction: 'outgoing' | 'incoming' };

/** A relationship selector from `transform.relationship`, matched within the scrape (relationships.ts). */
export type ItemSelector = {
  id?: string;
  externalId?: string;
  name?: string;
  namespace?: string;
  type?: string;
  labels?: Record<string, string>;
};

export type ScrapedItem = {
  externalId: string[];
  type: string;
  configClass?: string;
  name?: string;
  namespace?: string;
  description?: string;
  status?: string;
  health?: Health;
  ready?: boolean;
  labels: Record<string, string>;
  tags: Record<string, string>;
  properties?: unknown[];
  config: unknown;
  parent?: ItemRef;
  relationships: ScrapedRelationship[];
  /** Resolved into `relationships` (or `parent`) once every item of the scrape is known. */
  selectors?: { selector: ItemSelector; parent: boolean }[];
  createdAt?: Date;
  deletedAt?: Date;
  costs?: { perMinute?: number; total1d?: number; total7d?: number; total30d?: number };
};

/** A change reported by the source itself (a Kubernetes event, a pushed change). */
export type ScrapedChange = ItemRef & {
  externalChangeId?: string;
  changeType: string;
  severity?: string;
  source?: string;
  summary?: string;
  details?: unknown;
  createdAt?: Date;
  externalCreatedBy?: string;
  count?: number;
};

export type ScrapeOutput = { items: ScrapedItem[]; changes: ScrapedChange[]; errors: string[] };

export function emptyOutput(): ScrapeOutput {
  return { items: [], changes: [], errors: [] };
}

export const HEALTH_VALUES: Health[] = ['healthy', 'unhealthy', 'warning', 'unknown'];

export function asHealth(v: string | undefined): Health | undefined {
  const h = v?.toLowerCase();
  return HEALTH_VALUES.find((x) => x === h);
}
