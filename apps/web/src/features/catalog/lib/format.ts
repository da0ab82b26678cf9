/** A changes count of 500 or more is highlighted. */
export function isHighChangeCount(value: number | null | undefined): boolean {
  return (value ?? 0) >= 500;
}

/** Whether the side panel shows the class: only when the type does not already end with it. */
export function showsClass(type: string | null | undefined, cls: string | null | undefined): boolean {
  if (!cls) return false;
  return !(type ?? '').toLowerCase().endsWith(cls.toLowerCase());
}

/** The last scrape is stale after 1 hour, unless the item is deleted. */
export const STALE_SCRAPE_MS = 60 * 60 * 1000;
export function isScrapeStale(
  lastScraped: string | null | undefined,
  deletedAt: string | null | undefined,
  now: Date = new Date(),
): boolean {
  if (deletedAt || !lastScraped) return false;
  return now.getTime() - new Date(lastScraped).getTime() > STALE_SCRAPE_MS;
}

export function hasCost(c: {
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
}): boolean {
  return [c.cost_per_minute, c.cost_total_1d, c.cost_total_7d, c.cost_total_30d].some(
    (v) => v !== null && v !== undefined && Number(v) !== 0,
  );
}
