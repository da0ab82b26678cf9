import { EVIDENCE_TYPES, HYPOTHESIS_STATUSES, HYPOTHESIS_TYPES, INCIDENT_STATUSES } from '@opsdeck/shared';
import { z } from 'zod';

/** A person as the data API embeds one. */
export const personRefSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  avatar: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

const teamRefSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  icon: z.string().nullable().optional(),
});

const incidentBase = {
  id: z.string(),
  incident_id: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  // Type and severity stay plain text: a value the server adds later still shows.
  type: z.string(),
  severity: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  created_by: z.string().nullable().optional(),
  commander_id: z.string().nullable().optional(),
  communicator_id: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string().nullable().optional(),
};

/** A row of incident_summary. */
export const incidentRowSchema = z.object({
  ...incidentBase,
  commander: personRefSchema.nullable().optional(),
  responders: z
    .array(z.object({ id: z.string(), person: personRefSchema.nullable(), team: teamRefSchema.nullable() }))
    .default([]),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;
export type ResponderRef = IncidentRow['responders'][number];

const optionalId = z.string().nullable().optional();

export const evidenceSchema = z.object({
  id: z.string(),
  hypothesis_id: z.string(),
  type: z.enum(EVIDENCE_TYPES),
  check_id: optionalId,
  component_id: optionalId,
  config_id: optionalId,
  config_change_id: optionalId,
  config_analysis_id: optionalId,
  /** Lines of log or config evidence (`lines`, `selected_lines`), or a comment's text. */
  evidence: z
    .object({
      lines: z.record(z.string(), z.string()).nullable().optional(),
      selected_lines: z.record(z.string(), z.string()).nullable().optional(),
      comment: z.string().nullable().optional(),
    })
    .loose()
    .nullable()
    .optional(),
  created_by: optionalId,
  /** The names of what it points at, embedded by the detail page's read. */
  check: z.object({ id: z.string(), name: z.string().nullable() }).nullable().optional(),
  component: z.object({ id: z.string(), name: z.string().nullable() }).nullable().optional(),
  config: z
    .object({ id: z.string(), name: z.string().nullable(), type: z.string().nullable().optional() })
    .nullable()
    .optional(),
  description: z.string().nullable().optional(),
  definition_of_done: z.boolean().nullable().optional(),
  done: z.boolean().nullable().optional(),
  script: z.string().nullable().optional(),
  script_result: z.string().nullable().optional(),
  created_at: z.string().optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const commentSchema = z.object({
  id: z.string(),
  incident_id: z.string().nullable().optional(),
  hypothesis_id: z.string().nullable().optional(),
  comment: z.string(),
  created_by: z.string().nullable().optional(),
  created_at: z.string().optional(),
  /** Set when the text was changed after posting (the changelog says by whom). */
  edited_at: z.string().nullable().optional(),
  /** `public_update`: shown on public status pages (docs/status-pages.md); ordinary comments never are. */
  kind: z.enum(['comment', 'public_update']).optional(),
  person: personRefSchema.nullable().optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const hypothesisSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  parent_id: z.string().nullable().optional(),
  type: z.enum(HYPOTHESIS_TYPES),
  title: z.string().nullable(),
  status: z.enum(HYPOTHESIS_STATUSES).nullable(),
  created_at: z.string().optional(),
  evidences: z.array(evidenceSchema).default([]),
  comments: z.array(commentSchema).default([]),
});
export type Hypothesis = z.infer<typeof hypothesisSchema>;

export const responderSchema = z.object({
  id: z.string(),
  incident_id: z.string(),
  person_id: z.string().nullable().optional(),
  team_id: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  /** How reaching the responder went: sent, pending or error (with `error`). */
  status: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  external_id: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  acknowledge_time: z.string().nullable().optional(),
  signoff_time: z.string().nullable().optional(),
  close_time: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  person: personRefSchema.nullable().optional(),
  team: teamRefSchema
    .extend({
      spec: z
        .object({ responder_clients: z.record(z.string(), z.unknown()).nullable().optional() })
        .loose()
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export type Responder = z.infer<typeof responderSchema>;

/** An incident with everything the detail page shows, from one data-API call. */
export const incidentSchema = z.object({
  ...incidentBase,
  commander: personRefSchema.nullable().optional(),
  communicator: personRefSchema.nullable().optional(),
  hypotheses: z.array(hypothesisSchema).default([]),
  responders: z.array(responderSchema).default([]),
});
export type Incident = z.infer<typeof incidentSchema>;

export const historySchema = z.object({
  id: z.string(),
  type: z.string(),
  description: z.string().nullable().optional(),
  created_at: z.string(),
  person: personRefSchema.nullable().optional(),
});
export type IncidentHistory = z.infer<typeof historySchema>;
