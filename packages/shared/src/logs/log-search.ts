import { z } from 'zod';

/** The most lines one search returns; larger asks are capped (page with `end`). */
export const MAX_LOG_LIMIT = 5000;
/** Lines returned when the request names no limit. */
export const DEFAULT_LOG_LIMIT = 500;

/**
 * The body of POST /api/logs: a component, one of its log selectors (empty = the first), the
 * search text, a time range (RFC3339, or an age such as `15m` / `now-1h`; default the last
 * hour) and the most lines wanted (the latest ones).
 */
export const logSearchRequestSchema = z.object({
  id: z.string().trim().optional(),
  name: z.string().trim().optional(),
  query: z.string().optional(),
  start: z.string().trim().optional(),
  end: z.string().trim().optional(),
  limit: z.coerce.number().int().positive().optional(),
  labels: z.record(z.string(), z.string()).optional(),
});
export type LogSearchRequest = z.infer<typeof logSearchRequestSchema>;

/** One log line. `timestamp` is RFC3339. */
export type LogItem = { timestamp: string; message: string; labels: Record<string, string> };

/** `total`: lines matched before the limit (a lower bound when a backend cannot count). */
export type LogSearchResponse = { total: number; results: LogItem[] };
