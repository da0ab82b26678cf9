import {
  RESPONDER_FIELDS,
  RESPONDER_LOOKUP_KINDS,
  RESPONDER_TYPES,
  type ResponderLookupKind,
  type ResponderType,
} from '@opsdeck/shared';
import type { Responder, TeamRef } from './types.js';

/** A team responder's type: one the team's spec configures. */
export type TeamResponderType = Exclude<ResponderType, 'person'>;

/** The types a team offers: the keys of its spec.responder_clients that are known types. */
export function teamResponderTypes(team: TeamRef | undefined): TeamResponderType[] {
  const configured = Object.keys(team?.spec?.responder_clients ?? {});
  return RESPONDER_TYPES.filter((t): t is TeamResponderType => t !== 'person' && configured.includes(t));
}

/** The type's form fields; Jira and Planner first ask for the instance their lookups run against. */
export function responderFields(type: TeamResponderType): readonly string[] {
  return isLookupKind(type) ? ['instance', ...RESPONDER_FIELDS[type]] : RESPONDER_FIELDS[type];
}

export function isLookupKind(type: string): type is ResponderLookupKind {
  return (RESPONDER_LOOKUP_KINDS as readonly string[]).includes(type);
}

/** The defaults a team's spec gives the type's form (responder_clients[type].defaults or .values). */
export function responderDefaults(
  team: TeamRef | undefined,
  type: TeamResponderType,
): Record<string, string> {
  const client = team?.spec?.responder_clients?.[type];
  const fields = responderFields(type);
  const out: Record<string, string> = Object.fromEntries(fields.map((f) => [f, '']));
  if (typeof client !== 'object' || client === null) return out;
  for (const key of ['values', 'defaults'] as const) {
    const source = (client as Record<string, unknown>)[key];
    if (typeof source !== 'object' || source === null) continue;
    for (const f of fields) {
      const v = (source as Record<string, unknown>)[f];
      if (typeof v === 'string' && v) out[f] = v;
    }
  }
  return out;
}

/** Fields whose label is not their name spelled out. */
const LABELS: Record<string, string> = {
  plan_id: 'Plan',
  bucket_id: 'Bucket',
  ms_planner: 'Microsoft Planner',
};

/** 'issueType' → 'Issue Type', 'service_now' → 'Service Now', 'plan_id' → 'Plan'. */
export function fieldLabel(field: string): string {
  return (
    LABELS[field] ??
    field
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/\b\w/g, (c) => c.toUpperCase())
  );
}

export type ProgressStep = { label: string; time: string | null };

/** Created, Acknowledged, Resolved (signoff), Closed; the current step is the first with no time. */
export function progressSteps(r: Responder): { steps: ProgressStep[]; current: number } {
  const steps: ProgressStep[] = [
    { label: 'Created', time: r.created_at ?? null },
    { label: 'Acknowledged', time: r.acknowledge_time ?? null },
    { label: 'Resolved', time: r.signoff_time ?? null },
    { label: 'Closed', time: r.close_time ?? null },
  ];
  const current = steps.findIndex((s) => !s.time);
  return { steps, current };
}

/** The responder's name: its team's or its person's. */
export function responderName(r: Responder): string {
  return r.team?.name ?? r.person?.name ?? r.team_id ?? r.person_id ?? '';
}
