import { z } from 'zod';

const labelValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One check of GET /api/canary/api/summary (docs/health.md, APIs). */
export const checkSummarySchema = z.object({
  id: z.string(),
  canary_id: z.string(),
  canary_name: z.string().nullish(),
  canary_namespace: z.string().nullish(),
  agent_id: z.string().nullish(),
  name: z.string(),
  namespace: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  endpoint: z.string().nullish(),
  labels: z.record(z.string(), labelValue).nullish(),
  severity: z.string().nullish(),
  last_transition_time: z.string().nullish(),
  last_runtime: z.string().nullish(),
  next_runtime: z.string().nullish(),
  created_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  uptime: z
    .object({
      passed: z.number(),
      failed: z.number(),
      last_pass: z.string().nullish(),
      last_fail: z.string().nullish(),
    })
    .nullish(),
  latency: z
    .object({
      p95: z.number().nullish(),
      p97: z.number().nullish(),
      p99: z.number().nullish(),
      rolling1h: z.number().nullish(),
    })
    .nullish(),
});
export type CheckSummary = z.infer<typeof checkSummarySchema>;

export const summaryResponseSchema = z.object({
  duration: z.number().optional(),
  runnerName: z.string().optional(),
  checks_summary: z.array(checkSummarySchema).nullable(),
});

/** GET /api/canary/api/graph. */
export const graphSchema = z.object({
  status: z.array(
    z.object({
      time: z.string(),
      status: z.boolean().nullish(),
      duration: z.number().nullish(),
      passed: z.number().nullish(),
      failed: z.number().nullish(),
    }),
  ),
  latency: z
    .object({ p95: z.number().nullish(), p97: z.number().nullish(), p99: z.number().nullish() })
    .nullish(),
  uptime: z.object({ passed: z.number(), failed: z.number() }).nullish(),
});
export type CheckGraph = z.infer<typeof graphSchema>;

/** A row of /api/db/check_statuses. */
export const checkStatusSchema = z.object({
  check_id: z.string(),
  time: z.string(),
  duration: z.number().nullable(),
  status: z.boolean(),
  message: z.string().nullable(),
  error: z.string().nullable(),
});
export type CheckStatus = z.infer<typeof checkStatusSchema>;

/** POST /api/canary/run/check/{id}. */
export const runNowSchema = z.object({
  total: z.number().optional(),
  failed: z.number().optional(),
  success: z.number().optional(),
  errors: z.array(z.unknown()).nullish(),
});

/** The history table's filters (a status, a shortest duration), part of its query key. */
export type HistoryFilter = {
  status: '' | 'healthy' | 'unhealthy';
  minDurationMs: number | undefined;
  /** A located check's history at one location (its id); the check's own decisions when absent. */
  location?: string | undefined;
};
