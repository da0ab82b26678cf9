import type { EVIDENCE_TYPES, HypothesisType, IncidentSeverity, IncidentType } from '@opsdeck/shared';
import { z } from 'zod';
import { db, ilikePattern, rows } from '../../../api/postgrest.js';
import type { ResourceRef } from '../../../platform/resourceActions.js';
import { createIncident } from './incidents.js';

/** Incidents one may still link to: everything not resolved or closed. */
const FINISHED = ['resolved', 'closed'];
const PICK_LIMIT = 10;

const pickSchema = z.object({ id: z.string(), incident_id: z.string(), title: z.string() });
export type IncidentPick = z.infer<typeof pickSchema>;

/** Open incidents whose title or INC id matches, newest first. */
export async function searchOpenIncidents(text: string, signal?: AbortSignal): Promise<IncidentPick[]> {
  let q = db
    .from('incidents')
    .select('id,incident_id,title')
    .not('status', 'in', `(${FINISHED.join(',')})`)
    .order('created_at', { ascending: false })
    .limit(PICK_LIMIT);
  const t = text.trim();
  if (t) q = q.or(`title.ilike.${ilikePattern(t)},incident_id.ilike.${ilikePattern(t)}`);
  return z.array(pickSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

const hypothesisPickSchema = z.object({ id: z.string(), title: z.string(), type: z.string() });
export type HypothesisPick = z.infer<typeof hypothesisPickSchema>;

/** The incident's hypotheses whose title matches, oldest (the root) first. */
export async function searchHypotheses(
  incidentId: string,
  text: string,
  signal?: AbortSignal,
): Promise<HypothesisPick[]> {
  let q = db
    .from('hypotheses')
    .select('id,title,type')
    .eq('incident_id', incidentId)
    .order('created_at')
    .limit(PICK_LIMIT);
  const t = text.trim();
  if (t) q = q.ilike('title', ilikePattern(t));
  return z.array(hypothesisPickSchema).parse(await rows(signal ? q.abortSignal(signal) : q));
}

type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** The evidence type and id columns for each resource kind (docs/incidents.md). */
export function evidenceFor(resource: ResourceRef): { type: EvidenceType } & Record<string, string> {
  const configId: Record<string, string> = resource.configId ? { config_id: resource.configId } : {};
  switch (resource.kind) {
    case 'check':
      return { type: 'check', check_id: resource.id };
    case 'config':
      return { type: 'config', config_id: resource.id };
    case 'config_change':
      return { type: 'config_change', config_change_id: resource.id, ...configId };
    case 'config_analysis':
      return { type: 'config_analysis', config_analysis_id: resource.id, ...configId };
    case 'component':
      return { type: 'topology', component_id: resource.id };
  }
}

export type LinkTarget =
  | { kind: 'new'; title: string; severity: IncidentSeverity; type: IncidentType }
  /** An existing incident; `hypothesisId` is the chosen hypothesis, none to create one. */
  | { kind: 'existing'; incident: IncidentPick; hypothesisId?: string };

export type LinkRequest = {
  resource: ResourceRef;
  target: LinkTarget;
  /** The hypothesis title; for a new incident an empty one falls back to its title. */
  hypothesis: string;
  description: string;
};

const idSchema = z.array(z.object({ id: z.string() }));

async function createHypothesis(body: {
  incident_id: string;
  parent_id?: string;
  type: HypothesisType;
  title: string;
}): Promise<string> {
  const created = idSchema.parse(
    await rows(
      db
        .from('hypotheses')
        .insert({ ...body, status: 'possible' })
        .select('id'),
    ),
  );
  const first = created[0];
  if (!first) throw new Error('The hypothesis was not created');
  return first.id;
}

/** The incident's root hypothesis, created (titled after the incident) when it has none. */
async function rootOf(incident: IncidentPick): Promise<string> {
  const found = idSchema.parse(
    await rows(db.from('hypotheses').select('id').eq('incident_id', incident.id).eq('type', 'root').limit(1)),
  );
  return found[0]?.id ?? createHypothesis({ incident_id: incident.id, type: 'root', title: incident.title });
}

/**
 * Link to Incident: a new incident gets a root hypothesis, an existing one a factor under its
 * root; the resource becomes evidence on that hypothesis. Resolves to the incident's id.
 * A failed step stops the flow.
 */
export async function linkToIncident(req: LinkRequest): Promise<string> {
  const { target, resource } = req;
  const description = req.description.trim();
  let incidentId: string;
  let hypothesisId: string;
  if (target.kind === 'new') {
    const title = target.title.trim();
    incidentId = await createIncident({
      title,
      description,
      severity: target.severity,
      type: target.type,
      status: 'open',
    });
    hypothesisId = await createHypothesis({
      incident_id: incidentId,
      type: 'root',
      title: req.hypothesis.trim() || title,
    });
  } else {
    incidentId = target.incident.id;
    hypothesisId =
      target.hypothesisId ??
      (await createHypothesis({
        incident_id: incidentId,
        parent_id: await rootOf(target.incident),
        type: 'factor',
        title: req.hypothesis.trim(),
      }));
  }
  await rows(
    db
      .from('evidences')
      .insert({
        hypothesis_id: hypothesisId,
        description: description || resource.name,
        ...evidenceFor(resource),
        // What the resource's page adds: a config's lines and selection, a check's range.
        ...(resource.evidence ? { evidence: resource.evidence } : {}),
      })
      .select('id'),
  );
  return incidentId;
}
