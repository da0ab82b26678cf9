import type { EvidenceType, HypothesisStatus, HypothesisType } from '@opsdeck/shared';

/** A person as the data API embeds it. */
export type PersonRef = { id: string; name: string | null; avatar?: string | null; email?: string | null };

/** Lines of log or config evidence; `selected_lines` maps a line number (as text) to the line. */
export type EvidencePayload = {
  lines?: Record<string, string> | null;
  selected_lines?: Record<string, string> | null;
  comment?: string | null;
  [key: string]: unknown;
};

export type Evidence = {
  id: string;
  hypothesis_id: string;
  type: EvidenceType;
  description: string | null;
  definition_of_done: boolean | null;
  done: boolean | null;
  script: string | null;
  script_result?: string | null;
  check_id?: string | null;
  component_id?: string | null;
  config_id?: string | null;
  config_change_id?: string | null;
  config_analysis_id?: string | null;
  evidence?: EvidencePayload | null;
  created_by?: string | null;
  created_at?: string | null;
};

export type Comment = {
  id: string;
  incident_id: string;
  hypothesis_id: string | null;
  comment: string;
  created_by: string | null;
  created_at: string | null;
  /** Embedded when the page asks for it (`created_by:created_by(id,name,avatar)` or similar). */
  person?: PersonRef | null;
};

export type Hypothesis = {
  id: string;
  incident_id?: string;
  parent_id: string | null;
  type: HypothesisType;
  title: string | null;
  status: HypothesisStatus | null;
  created_at?: string | null;
  evidences: Evidence[];
  comments: Comment[];
};

/** A team as embedded on a responder; `spec.responder_clients` keys are the types it offers. */
export type TeamRef = {
  id: string;
  name: string;
  icon?: string | null;
  spec?: { responder_clients?: Record<string, unknown> | null } | null;
};

export type Responder = {
  id: string;
  incident_id: string;
  team_id: string | null;
  person_id: string | null;
  type?: string | null;
  properties: ({ responderType?: string } & Record<string, unknown>) | null;
  status?: string | null;
  error?: string | null;
  external_id?: string | null;
  created_at: string | null;
  acknowledge_time: string | null;
  signoff_time: string | null;
  close_time: string | null;
  deleted_at: string | null;
  team?: TeamRef | null;
  person?: PersonRef | null;
};

/** The loaded incident every part receives. */
export type IncidentDetail = {
  id: string;
  incident_id?: string | null;
  title: string;
  status?: string | null;
  hypotheses: Hypothesis[];
  responders: Responder[];
};

/** What every part takes: the loaded incident and a refetch once it has written. */
export type PartProps = {
  incident: IncidentDetail;
  onChanged: () => void;
};
