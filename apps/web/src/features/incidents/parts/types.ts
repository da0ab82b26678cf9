import type { Evidence, Incident, Responder } from '../api/types.js';

/**
 * The parts take the incident as the detail page loads it (api/types.ts is the one shape of
 * it); these names are what the parts call its pieces.
 */
export type { Comment, Evidence, Hypothesis, PersonRef, Responder } from '../api/types.js';

export type IncidentDetail = Incident;

/** Lines of log or config evidence (`selected_lines`: line number as text → line), or a comment. */
export type EvidencePayload = NonNullable<Evidence['evidence']>;

/** A responder's team, with `spec.responder_clients` (its keys are the types it offers). */
export type TeamRef = NonNullable<Responder['team']>;

/** What every part takes: the loaded incident and a refetch once it has written. */
export type PartProps = {
  incident: IncidentDetail;
  onChanged: () => void;
};
