/** What `opsdeck apply` works with: the kinds it takes and one document of a file. */

/** The kinds `opsdeck apply` takes, in the order it applies them: what others name comes first. */
export const SPEC_KINDS = [
  'Connection',
  'Team',
  'LoggingBackend',
  'Playbook',
  'Canary',
  'ScrapeConfig',
  'Topology',
  'StatusPage',
  'IncidentRule',
  'NotificationSilence',
  'MaintenanceWindow',
  'Notification',
] as const;
export type SpecKind = (typeof SPEC_KINDS)[number];

/** A document's kind as Opsdeck names it (kinds are matched without regard to case). */
export function kindOf(kind: string): SpecKind | undefined {
  return SPEC_KINDS.find((k) => k.toLowerCase() === kind.toLowerCase());
}

/** Kinds whose table has no namespace: one object per name, whatever namespace the file says. */
export const CLUSTER_KINDS: readonly SpecKind[] = ['Team', 'IncidentRule', 'StatusPage'];

export type Row = Record<string, unknown>;

/** One document of a file, as `opsdeck apply` reads it. */
export type SpecDocument = {
  /** The file it came from, as given on the command line (relative paths stay relative). */
  file: string;
  /** Its place in a multi-document file, from 1. */
  index: number;
  kind: SpecKind;
  name: string;
  namespace: string;
  labels: Record<string, string>;
  /** The whole document: apiVersion, kind, metadata, spec. */
  document: Record<string, unknown>;
};
