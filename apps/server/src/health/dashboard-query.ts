import { parseDuration } from '@opsdeck/shared';
import { z } from 'zod';

export const DASHBOARD_SORTS = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export const ALL_TAB = 'All';
export const NO_GROUP = 'no_group';
/** The most checks one page of the dashboard holds (what the dashboard sent before, at 10k checks). */
export const DASHBOARD_PAGE_MAX = 10_000;

const yesNo = z.enum(['true', 'false'], { message: 'expected true or false' }).transform((v) => v === 'true');

/** A window of at least a minute ('1h', '7d'); the dashboard's default is the hour. */
export const windowParam = z
  .string()
  .optional()
  .transform((v, c) => {
    if (!v) return 3_600_000;
    const ms = parseDuration(v);
    if (!ms || ms < 60_000) {
      c.addIssue({ code: 'custom', message: 'window must be a duration of at least 1m, such as 1h or 7d' });
      return z.NEVER;
    }
    return ms;
  });

/**
 * Label filters as the dashboard keeps them: `{"key=value": 1}` includes (a check must carry
 * one of the included values of each such key), `-1` excludes, 0 is ignored.
 */
const labelFilters = z
  .string()
  .max(10_000)
  .optional()
  .transform((v, c) => {
    const include: Record<string, string[]> = {};
    const exclude: [string, string][] = [];
    if (!v) return { include, exclude };
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      parsed = undefined;
    }
    const map = z.record(z.string(), z.union([z.literal(1), z.literal(-1), z.literal(0)])).safeParse(parsed);
    if (!map.success) {
      c.addIssue({
        code: 'custom',
        message: 'labels must be a JSON object such as {"env=prod":1,"team=a":-1}',
      });
      return z.NEVER;
    }
    for (const [kv, state] of Object.entries(map.data)) {
      const i = kv.indexOf('=');
      if (i <= 0 || state === 0) continue;
      const key = kv.slice(0, i);
      const value = kv.slice(i + 1);
      if (state === 1) (include[key] ??= []).push(value);
      else exclude.push([key, value]);
    }
    return { include, exclude };
  });

/** The query of GET /api/health/dashboard (docs/health.md, APIs). */
export const dashboardQuerySchema = z.object({
  window: windowParam,
  tab_by: z.string().trim().min(1).max(200).default('namespace'),
  tab: z.string().max(500).default(ALL_TAB),
  query: z.string().max(500).default(''),
  status: z
    .enum(['healthy', 'unhealthy', 'warning', 'unknown'], {
      message: 'status must be healthy, unhealthy, warning or unknown',
    })
    .optional(),
  labels: labelFilters,
  component: z.guid({ message: 'component must be a component id (UUID)' }).optional(),
  hide_passing: yesNo.default(false),
  group_by: z.string().trim().min(1).max(200).default('canary_name'),
  sort: z
    .enum(DASHBOARD_SORTS, { message: `sort must be one of ${DASHBOARD_SORTS.join(', ')}` })
    .default('name'),
  desc: yesNo.default(false),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int({ message: 'limit must be a whole number' })
    .min(1, 'limit must be at least 1')
    .max(DASHBOARD_PAGE_MAX, `limit must be at most ${DASHBOARD_PAGE_MAX}`)
    .default(100),
  offset: z.coerce
    .number({ message: 'offset must be a number' })
    .int({ message: 'offset must be a whole number' })
    .min(0, 'offset must be 0 or more')
    .default(0),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;
