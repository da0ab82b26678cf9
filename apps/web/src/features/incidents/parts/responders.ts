import { RESPONDER_FIELDS, RESPONDER_TYPES, type ResponderType } from '@opsdeck/shared';
import type { Responder, TeamRef } from './types.js';

/** A team responder's type: one the team's spec configures, or email (always possible). */
export type TeamResponderType = Exclude<ResponderType, 'person'>;

/** The types a team offers: its spec.responder_clients keys that are known types, plus email. */
export function teamResponderTypes(team: TeamRef | undefined): TeamResponderType[] {
  const configured = Object.keys(team?.spec?.responder_clients ?? {});
  const known = RESPONDER_TYPES.filter(
    (t): t is TeamResponderType => t !== 'person' && (t === 'email' || configured.includes(t)),
  );
  return known;
}

export function responderFields(type: TeamResponderType): readonly string[] {
  return RESPONDER_FIELDS[type];
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

/** 'issueType' → 'Issue Type', 'plan_id' → 'Plan Id'. */
export function fieldLabel(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/\b\w/g, (c) => c.toUpperCase());
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
