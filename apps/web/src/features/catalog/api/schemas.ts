import { z } from 'zod';

const num = z.preprocess(
  (v) => (v === null || v === undefined || v === '' ? null : Number(v)),
  z.number().nullable(),
);
const count = z.preprocess((v) => (v === null || v === undefined ? 0 : Number(v)), z.number());
const record = z.record(z.string(), z.unknown()).nullable().optional();
const stringRecord = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .transform((r) => Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, String(v)])));

/** What a config item carries wherever it is listed (catalog, relationships). */
const configItemSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string(),
  config_class: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  health: z.string().nullable().optional(),
  tags: stringRecord,
  labels: stringRecord,
});

export const configRowSchema = configItemSchema.extend({
  agent_id: z.string().nullable().optional(),
  changes: count.optional(),
  analysis: z.record(z.string(), count).nullable().optional(),
  cost_per_minute: num.optional(),
  cost_total_1d: num.optional(),
  cost_total_7d: num.optional(),
  cost_total_30d: num.optional(),
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  last_scraped_time: z.string().nullable().optional(),
});
export type ConfigRow = z.infer<typeof configRowSchema>;

export const configDetailSchema = configRowSchema.extend({
  description: z.string().nullable().optional(),
  namespace: z.string().nullable().optional(),
  scraper_id: z.string().nullable().optional(),
  config: z.unknown().optional(),
  properties: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  agent: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable().optional(),
  config_scrapers: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  summary: z
    .object({
      changes: count,
      analysis: count,
      relationships: count,
      playbook_runs: count,
      checks: count,
    })
    .partial()
    .nullable()
    .optional(),
});
export type ConfigDetail = z.infer<typeof configDetailSchema>;

export const summaryRowSchema = z.looseObject({
  count: count,
  health: z.record(z.string(), count).nullable().optional(),
  changes: count,
  analysis: z.record(z.string(), count).nullable().optional(),
  cost_total_30d: num,
});
export type SummaryRow = z.infer<typeof summaryRowSchema> & Record<string, unknown>;

/** A config change as both the changes list and the change dialog read it. */
const changeSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  change_type: z.string(),
  severity: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  external_created_by: z.string().nullable().optional(),
  created_at: z.string(),
  first_observed: z.string().nullable().optional(),
  count: count,
});

export const changeRowSchema = changeSchema.extend({
  name: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  config_class: z.string().nullable().optional(),
  tags: stringRecord,
  deleted_at: z.string().nullable().optional(),
  created_by: z.string().nullable().optional(),
  person: z
    .object({ id: z.string(), name: z.string(), avatar: z.string().nullable().optional() })
    .nullable()
    .optional(),
});
export type ChangeRow = z.infer<typeof changeRowSchema>;

export const changesResponseSchema = z.object({
  summary: z.record(z.string(), count).optional(),
  total: count,
  changes: z.array(changeRowSchema),
});
export type ChangesResponse = z.infer<typeof changesResponseSchema>;

export const changeDetailSchema = changeSchema.extend({
  details: z.unknown().optional(),
  patches: z.unknown().optional(),
  diff: z.string().nullable().optional(),
});
export type ChangeDetail = z.infer<typeof changeDetailSchema>;

export const insightSchema = z.object({
  id: z.string(),
  config_id: z.string(),
  analyzer: z.string(),
  analysis_type: z.string().nullable().optional(),
  severity: z.string().nullable().optional(),
  status: z.string().nullable().optional(),
  message: z.string().nullable().optional(),
  summary: z.string().nullable().optional(),
  analysis: z.unknown().optional(),
  source: z.string().nullable().optional(),
  first_observed: z.string().nullable().optional(),
  last_observed: z.string().nullable().optional(),
  config: z
    .object({
      id: z.string(),
      name: z.string().nullable(),
      type: z.string(),
      config_class: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type Insight = z.infer<typeof insightSchema>;

export const relatedSchema = configItemSchema.extend({
  parent_id: z.string().nullable().optional(),
  direction: z.string(),
  depth: count,
  relation: z.string().nullable().optional(),
  related_ids: z.array(z.string().nullable()).nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  cost_total_30d: num.optional(),
});
export type RelatedConfig = z.infer<typeof relatedSchema>;

export const scraperSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  schedule: z.string().nullable().optional(),
  spec: record,
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type Scraper = z.infer<typeof scraperSchema>;

export const runResultSchema = z.looseObject({
  configs_scraped: count.optional(),
  changes: count.optional(),
  errors: z.array(z.string()).optional(),
});
