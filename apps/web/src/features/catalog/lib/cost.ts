/** The cost-change badge shows when the 1-day cost is more than 10 % off the 30-day daily average. */
export const COST_CHANGE_THRESHOLD = 10;
/** Percentages above 70 % are shown red. */
export const PERCENT_RED_ABOVE = 70;

/**
 * How far the 1-day cost is from the 30-day daily average, in percent (+ more, - less);
 * undefined without both costs or when within the threshold.
 */
export function costChange(
  cost1d: number | null | undefined,
  cost30d: number | null | undefined,
): number | undefined {
  if (!cost1d || !cost30d || cost30d <= 0) return undefined;
  const average = cost30d / 30;
  const change = ((cost1d - average) / average) * 100;
  return Math.abs(change) > COST_CHANGE_THRESHOLD ? change : undefined;
}

/** The text colour of a percentage: red above 70 %. */
export function percentClass(value: number): string {
  return value > PERCENT_RED_ABOVE ? 'text-health-unhealthy' : 'text-muted';
}
