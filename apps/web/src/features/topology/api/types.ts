import { z } from 'zod';

const property = z
  .object({
    name: z.string().optional(),
    label: z.string().optional(),
    text: z.string().nullish(),
    value: z.union([z.number(), z.string()]).nullish(),
    unit: z.string().nullish(),
    max: z.number().nullish(),
    headline: z.boolean().nullish(),
    icon: z.string().nullish(),
    tooltip: z.string().nullish(),
    color: z.string().nullish(),
  })
  .loose();
export type Property = z.infer<typeof property>;

const check = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
});

const team = z.object({ team_id: z.string(), team: z.object({ id: z.string(), name: z.string() }) });

const summary = z
  .object({
    healthy: z.number().optional(),
    unhealthy: z.number().optional(),
    warning: z.number().optional(),
    unknown: z.number().optional(),
    checks: z.record(z.string(), z.number()).optional(),
    insights: z.record(z.string(), z.record(z.string(), z.number())).optional(),
    /** Incidents in progress per type and severity, the subtree included. */
    incidents: z.record(z.string(), z.record(z.string(), z.number())).optional(),
  })
  .loose();
export type Summary = z.infer<typeof summary>;

export type TopologyComponent = {
  id: string;
  topology_id: string | null;
  parent_id: string | null;
  name: string;
  title?: string | null;
  text?: string | null;
  type: string | null;
  icon: string | null;
  namespace: string | null;
  labels: Record<string, string>;
  status: string;
  status_reason: string | null;
  agent_id: string;
  external_id: string | null;
  path: string;
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  properties: Property[];
  summary: Summary;
  hidden: boolean;
  created_by?: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  children: TopologyComponent[];
  checks: z.infer<typeof check>[];
  teams: z.infer<typeof team>[];
  /** Its log selectors (names only): View Logs shows when there is one. */
  logs?: { name: string }[];
};

export const componentSchema: z.ZodType<TopologyComponent> = z.lazy(() =>
  z
    .object({
      id: z.string(),
      topology_id: z.string().nullable(),
      parent_id: z.string().nullable(),
      name: z.string(),
      title: z.string().nullish(),
      text: z.string().nullish(),
      type: z.string().nullable(),
      icon: z.string().nullable(),
      namespace: z.string().nullable(),
      labels: z.record(z.string(), z.string()).catch({}),
      status: z.string(),
      status_reason: z.string().nullable(),
      agent_id: z.string(),
      external_id: z.string().nullable(),
      path: z.string().catch(''),
      cost_per_minute: z
        .union([z.number(), z.string().transform(Number)])
        .nullish()
        .catch(null),
      cost_total_1d: z
        .union([z.number(), z.string().transform(Number)])
        .nullish()
        .catch(null),
      cost_total_7d: z
        .union([z.number(), z.string().transform(Number)])
        .nullish()
        .catch(null),
      cost_total_30d: z
        .union([z.number(), z.string().transform(Number)])
        .nullish()
        .catch(null),
      properties: z.array(property).catch([]),
      summary: summary.catch({}),
      hidden: z.boolean().catch(false),
      created_by: z.string().nullish(),
      created_at: z.string(),
      updated_at: z.string(),
      deleted_at: z.string().nullable(),
      children: z.array(componentSchema).catch([]),
      checks: z.array(check).catch([]),
      teams: z.array(team).catch([]),
      logs: z
        .array(z.object({ name: z.string() }).loose())
        .optional()
        .catch(undefined),
    })
    .loose(),
);

export const treeSchema = z.object({
  components: z.array(componentSchema),
  healthStatuses: z.array(z.string()).catch([]),
  teams: z.array(z.string()).catch([]),
  tags: z.record(z.string(), z.array(z.string())).catch({}),
  types: z.array(z.string()).catch([]),
});
export type TopologyTree = z.infer<typeof treeSchema>;

/** The topology page's filters, sent as the tree request's query and part of its query key. */
export type TreeFilters = {
  id?: string;
  status?: string;
  type?: string;
  team?: string;
  labels?: string;
  agent_id?: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  hidden: boolean;
};
