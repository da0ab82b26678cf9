import { ownTable } from '../lookup.js';

// Apart from ranges.ts, which needs zod: the web app's entry computes the health dashboard's
// first request with these alone (apps/web/src/features/health/early.ts).

/** Minutes per stored short range (1h is 60, 1d is 1440, 1w is 10080). */
export const RANGE_MINUTES: Record<string, number> = ownTable({
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '2h': 120,
  '3h': 180,
  '6h': 360,
  '12h': 720,
  '1d': 1440,
  '2d': 2880,
  '3d': 4320,
  '1w': 10080,
  '2w': 20160,
  '3w': 30240,
  '1mo': 43200,
  '2mo': 86400,
  '3mo': 129600,
  '6mo': 259200,
  '1y': 525600,
  '2y': 1051200,
  '3y': 1576800,
  '5y': 2628000,
});

/** The health time-range dropdown options. */
export const TIME_RANGE_OPTIONS = [
  '15m',
  '1h',
  '2h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
] as const;
