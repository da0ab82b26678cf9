import { z } from 'zod';
import type { AgentInstallPayload, AgentRow } from '../api/agents.js';

export const REQUIRED_TEXT = 'This field is required';

/** Kubernetes scrape intervals (default 30m). */
export const KUBERNETES_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export const DEFAULT_INTERVAL = '30m';

export const agentFormSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_TEXT),
  description: z.string(),
  properties: z.array(z.object({ key: z.string(), value: z.string() })),
  kubernetes: z.object({
    enabled: z.boolean(),
    interval: z.enum(KUBERNETES_INTERVALS),
    /** Namespaces not to scrape, one per line. */
    exclusions: z.string(),
  }),
  pushTelemetry: z.object({ enabled: z.boolean(), topologyName: z.string() }),
});
export type AgentForm = z.infer<typeof agentFormSchema>;

export function newAgentForm(): AgentForm {
  return {
    name: '',
    description: '',
    properties: [],
    kubernetes: { enabled: false, interval: DEFAULT_INTERVAL, exclusions: '' },
    pushTelemetry: { enabled: false, topologyName: '' },
  };
}

export function storedAgentForm(row: AgentRow): AgentForm {
  return {
    ...newAgentForm(),
    name: row.name,
    description: row.description ?? '',
    properties: Object.entries(row.properties ?? {}).map(([key, value]) => ({
      key,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    })),
  };
}

/** Rows with an empty key are left out; a later row with the same key wins. */
export function propertiesOf(rows: AgentForm['properties']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key, value } of rows) if (key.trim()) out[key.trim()] = value;
  return out;
}

export function installPayload(f: AgentForm): AgentInstallPayload {
  const description = f.description.trim();
  return {
    name: f.name.trim(),
    ...(description ? { description } : {}),
    properties: propertiesOf(f.properties),
    kubernetes: {
      enabled: f.kubernetes.enabled,
      interval: f.kubernetes.interval,
      exclusions: f.kubernetes.exclusions
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    },
    pushTelemetry: { enabled: f.pushTelemetry.enabled, topologyName: f.pushTelemetry.topologyName.trim() },
  };
}
