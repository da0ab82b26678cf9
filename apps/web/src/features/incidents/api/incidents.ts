import type { IncidentSeverity, IncidentStatus, IncidentType } from '@opsdeck/shared';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import {
  evidenceSchema,
  historySchema,
  incidentSchema,
  type Evidence,
  type Incident,
  type IncidentHistory,
} from './types.js';

/** The detail page's one call: the incident with its tree, evidence, comments, people and responders. */
export const INCIDENT_SELECT =
  '*,commander:commander_id(id,name,avatar),communicator:communicator_id(id,name,avatar),' +
  'hypotheses(*,evidences(*,check:check_id(id,name),component:component_id(id,name),config:config_id(id,name,type)),' +
  'comments(*,person:created_by(id,name,avatar))),' +
  'responders(*,team:team_id(id,name,icon,spec),person:person_id(id,name,avatar))';

/** The incident, or null when there is none with this id. */
export async function fetchIncident(id: string, signal?: AbortSignal): Promise<Incident | null> {
  const q = db.from('incidents').select(INCIDENT_SELECT).eq('id', id);
  const found = await rows(signal ? q.abortSignal(signal) : q);
  const first = found[0];
  return first === undefined ? null : incidentSchema.parse(first);
}

/** The changelog, newest first, with the person who made each change. */
export async function fetchHistories(incidentId: string, signal?: AbortSignal): Promise<IncidentHistory[]> {
  const q = db
    .from('incident_histories')
    .select('id,type,description,created_at,person:created_by(id,name,avatar)')
    .eq('incident_id', incidentId)
    .order('created_at', { ascending: false })
    .order('seq', { ascending: false });
  return z.array(historySchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

export type NewIncident = {
  title: string;
  description: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  type: IncidentType;
};

/** POST /incidents; resolves to the new incident's id (created_by is stamped by the server). */
export async function createIncident(values: NewIncident): Promise<string> {
  const created = await rows(db.from('incidents').insert(values).select('id'));
  const row = z.object({ id: z.string() }).parse(created[0]);
  return row.id;
}

/** PATCH /incidents?id=eq.{id} with {status} or {severity, type}. */
export async function patchIncident(
  id: string,
  body: { status: IncidentStatus } | { severity: string; type: string },
): Promise<void> {
  await rows(db.from('incidents').update(body).eq('id', id).select('id'));
}

/** PATCH /evidences?id=eq.{id}: here, to make it part of the definition of done. */
export async function patchEvidence(id: string, body: { definition_of_done: boolean }): Promise<void> {
  await rows(db.from('evidences').update(body).eq('id', id).select('id'));
}

/** Every evidence of the incident, fresh (the status dialog lists them). */
export async function fetchIncidentEvidences(incidentId: string, signal?: AbortSignal): Promise<Evidence[]> {
  const q = db.from('hypotheses').select('id,evidences(*)').eq('incident_id', incidentId).order('created_at');
  const found = z
    .array(z.object({ id: z.string(), evidences: z.array(evidenceSchema).default([]) }))
    .parse(await rows(signal ? q.abortSignal(signal) : q));
  return found.flatMap((h) => h.evidences);
}
