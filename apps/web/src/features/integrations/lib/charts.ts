import type { JsonSchema } from '../../../ui/schema-form/schemaFields.js';
import aws from '../charts/aws.json';
import azure from '../charts/azure.json';
import flux from '../charts/flux.json';
import kubernetes from '../charts/kubernetes.json';
import missionControl from '../charts/mission-control.json';
import prometheus from '../charts/prometheus.json';

/** A chart of the registry, bundled with the app (no internet): what the GitOps form needs. */
export type ChartDefinition = {
  name: string;
  version: string;
  description: string;
  schema: JsonSchema;
};

/** The 'Add via GitOps' choices, in the spec's order, each with its chart. */
export const GITOPS_CHOICES = {
  AWS: aws,
  Azure: azure,
  Prometheus: prometheus,
  Flux: flux,
  Kubernetes: kubernetes,
  'Mission Control': missionControl,
} satisfies Record<string, ChartDefinition>;
export type GitOpsChoice = keyof typeof GITOPS_CHOICES;

/** The 'Add Directly' choices, each the existing create page of its resource. */
export const DIRECT_CHOICES = {
  'Custom Topology': '/settings/topologies/new',
  'Catalog Scraper': '/settings/config_scrapers/new',
  'Log Backends': '/settings/logging_backends/new',
} as const;
type DirectChoice = keyof typeof DIRECT_CHOICES;

/** The feature flag that hides 'Log Backends' when the logs feature is disabled. */
export const LOGS_FEATURE = 'logs';

export function chartOf(choice: GitOpsChoice): ChartDefinition {
  return GITOPS_CHOICES[choice];
}

/** The 'Add Directly' choices the user may see (Log Backends only while logs are enabled). */
export function directChoices(logsDisabled: boolean): DirectChoice[] {
  return (Object.keys(DIRECT_CHOICES) as DirectChoice[]).filter(
    (c) => !(c === 'Log Backends' && logsDisabled),
  );
}
