import { z } from 'zod';
import aws from './charts/aws.json';
import azure from './charts/azure.json';
import flux from './charts/flux.json';
import kubernetes from './charts/kubernetes.json';
import missionControl from './charts/mission-control.json';
import prometheus from './charts/prometheus.json';

/**
 * The charts of the Add Integration modal's GitOps choices, by their folder in the
 * mission-control-registry (`charts/<id>/Chart.yaml`, `charts/<id>/values.schema.json`).
 */
export const CHART_IDS = ['aws', 'azure', 'prometheus', 'flux', 'kubernetes', 'mission-control'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** The part of JSON Schema the chart values form reads; any other keyword is kept as it is. */
export type ChartValuesSchema = {
  type?: string | string[];
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  pattern?: string;
  items?: ChartValuesSchema;
  anyOf?: ChartValuesSchema[];
  properties?: Record<string, ChartValuesSchema>;
  required?: string[];
  description?: string;
  default?: unknown;
  [keyword: string]: unknown;
};

/** A values schema as the form needs it: each keyword it reads has the shape it expects. */
export const chartValuesSchemaSchema: z.ZodType<ChartValuesSchema> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    enum: z.array(z.unknown()).optional(),
    examples: z.array(z.unknown()).optional(),
    minimum: z.number().optional(),
    pattern: z.string().optional(),
    items: chartValuesSchemaSchema.optional(),
    anyOf: z.array(chartValuesSchemaSchema).optional(),
    properties: z.record(z.string(), chartValuesSchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    description: z.string().optional(),
  }),
);

/** A chart's values schema at the top: an object with its properties. */
export const chartTopSchemaSchema = chartValuesSchemaSchema.refine(
  (s) => s.type === 'object' && s.properties !== undefined,
  { message: 'a values schema must be an object schema with properties' },
);

/** What the GitOps form needs of a chart: Chart.yaml's name, version and description, and its values schema. */
export type ChartDefinition = {
  name: string;
  version: string;
  description: string;
  schema: ChartValuesSchema;
};

/**
 * Copies of the registry's charts, shipped with Opsdeck: the web app's and the server's answer
 * when the registry cannot be reached (an installation without internet access).
 */
export const BUNDLED_CHARTS = {
  aws,
  azure,
  prometheus,
  flux,
  kubernetes,
  'mission-control': missionControl,
} satisfies Record<ChartId, ChartDefinition>;

/** `GET /api/integrations/charts/:chart`: a chart from the registry, or the bundled copy (`source`). */
export const chartAnswerSchema = z.object({
  chart: z.enum(CHART_IDS),
  /** `registry`: fetched now or recently; `bundled`: the copy above, because of `reason`. */
  source: z.enum(['registry', 'bundled']),
  name: z.string().min(1),
  version: z.string(),
  description: z.string(),
  schema: chartTopSchemaSchema,
  /** Where the values schema is published in the registry (also for a bundled answer; none without a registry). */
  schemaUrl: z.string().optional(),
  reason: z.string().optional(),
});
export type ChartAnswer = z.infer<typeof chartAnswerSchema>;
