/** Incident values (statuses, severities, types, the tree, evidence, responders), shared by the server's checks and the web's forms. */

export const INCIDENT_STATUSES = ['new', 'open', 'investigating', 'mitigated', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_SEVERITIES = [
  'info',
  'warning',
  'low',
  'medium',
  'high',
  'blocker',
  'critical',
] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** Create-incident defaults. */
export const INCIDENT_DEFAULTS = { severity: 'low', status: 'open', type: 'availability' } as const;

/** The statuses an incident may move to from each status; the current one stays selectable. */
export const INCIDENT_STATUS_TARGETS: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

export const HYPOTHESIS_STATUSES = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export const EVIDENCE_TYPES = [
  'log',
  'topology',
  'config',
  'check',
  'config_change',
  'config_analysis',
  'comment',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** Responder types and the fields of their forms; all but person carry external_id. */
export const RESPONDER_FIELDS = {
  email: ['to', 'subject', 'body'],
  jira: ['project', 'issueType', 'priority', 'summary', 'description'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_services_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
} as const;
export type ResponderType = keyof typeof RESPONDER_FIELDS;
export const RESPONDER_TYPES = Object.keys(RESPONDER_FIELDS) as ResponderType[];

/** Changelog entry types the database writes. */
export const INCIDENT_HISTORY_TYPES = [
  'incident.created',
  'incident.status_updated',
  'responder.created',
  'evidence.created',
  'evidence.done_definition_added',
  'responder.commented',
  'responder.comment_edited',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
