import type { HypothesisStatus, HypothesisType } from '@opsdeck/shared';
import { db, ilikePattern, rows } from '../../../api/postgrest.js';
import type { Comment, PersonRef, TeamRef } from './types.js';

/** Writes of the incident detail parts, all through the data API (created_by is stamped by the server). */

export async function createHypothesis(body: {
  incident_id: string;
  parent_id?: string;
  title: string;
  type: HypothesisType;
  status: HypothesisStatus;
}): Promise<void> {
  await rows(db.from('hypotheses').insert(body).select('id'));
}

export async function updateHypothesis(
  id: string,
  body: { status?: HypothesisStatus; title?: string },
): Promise<void> {
  await rows(db.from('hypotheses').update(body).eq('id', id).select('id'));
}

/** The server removes the subtree's comments and evidence in the same statement. */
export async function deleteHypothesis(id: string): Promise<void> {
  await rows(db.from('hypotheses').delete().eq('id', id).select('id'));
}

export type EvidencePatch = {
  definition_of_done?: boolean;
  script?: string;
  done?: boolean;
  description?: string;
};

export async function updateEvidence(id: string, body: EvidencePatch): Promise<void> {
  await rows(db.from('evidences').update(body).eq('id', id).select('id'));
}

export async function deleteEvidence(id: string): Promise<void> {
  await rows(db.from('evidences').delete().eq('id', id).select('id'));
}

/** A Manual definition of done: a comment evidence on the given hypothesis. */
export async function createCommentEvidence(hypothesisId: string, text: string): Promise<void> {
  await rows(
    db
      .from('evidences')
      .insert({ hypothesis_id: hypothesisId, type: 'comment', description: text, definition_of_done: true })
      .select('id'),
  );
}

export async function createComment(body: {
  id: string;
  incident_id: string;
  hypothesis_id: string;
  comment: string;
  kind?: 'comment' | 'public_update';
}): Promise<Comment[]> {
  return rows<Comment>(db.from('comments').insert(body).select('*'));
}

/** People for @mention suggestions. */
export async function searchPeople(q: string, signal?: AbortSignal): Promise<PersonRef[]> {
  const query = db.from('people').select('id,name,email').ilike('name', ilikePattern(q)).limit(8);
  return rows<PersonRef>(signal ? query.abortSignal(signal) : query);
}

/** A person or team responder; properties carry responderType and the type's form fields. */
export type ResponderBody =
  | { incident_id: string; person_id: string; type: 'person'; properties: { responderType: 'person' } }
  | {
      incident_id: string;
      team_id: string;
      type: 'system';
      properties: { responderType: string } & Record<string, string>;
    };

export async function createResponder(body: ResponderBody): Promise<void> {
  // One shape for the insert: the union of the two row kinds trips postgrest-js' excess-property check.
  const row: Record<string, unknown> = { ...body };
  await rows(db.from('responders').insert(row).select('*'));
}

/** Responders are removed softly. */
export async function deleteResponder(id: string): Promise<void> {
  await rows(
    db.from('responders').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id'),
  );
}

/** Teams for the responder picker, with the spec that names their responder clients. */
export async function fetchTeams(signal?: AbortSignal): Promise<TeamRef[]> {
  const query = db.from('teams').select('id,name,icon,spec').is('deleted_at', null).order('name');
  return rows<TeamRef>(signal ? query.abortSignal(signal) : query);
}

export async function fetchPeople(signal?: AbortSignal): Promise<PersonRef[]> {
  const query = db.from('people').select('id,name,avatar,email').is('deleted_at', null).order('name');
  return rows<PersonRef>(signal ? query.abortSignal(signal) : query);
}
