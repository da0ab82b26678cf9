import { BUNDLED_CHARTS, type ChartAnswer, type ChartDefinition, type ChartId } from '@opsdeck/shared';

export type { ChartDefinition };

/** The 'Add via GitOps' choices, in the spec's order, each with its chart of the registry. */
export const GITOPS_CHOICES = {
  AWS: 'aws',
  Azure: 'azure',
  Prometheus: 'prometheus',
  Flux: 'flux',
  Kubernetes: 'kubernetes',
  'Mission Control': 'mission-control',
} as const satisfies Record<string, ChartId>;
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

/**
 * The app's own copy of a chart (the same the server answers when the registry cannot be read),
 * for when the server cannot be asked either.
 */
export function bundledChart(id: ChartId, reason: string): ChartAnswer {
  return { chart: id, source: 'bundled', ...BUNDLED_CHARTS[id], reason };
}

/** The 'Add Directly' choices the user may see (Log Backends only while logs are enabled). */
export function directChoices(logsDisabled: boolean): DirectChoice[] {
  return (Object.keys(DIRECT_CHOICES) as DirectChoice[]).filter(
    (c) => !(c === 'Log Backends' && logsDisabled),
  );
}
