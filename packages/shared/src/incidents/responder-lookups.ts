import { z } from 'zod';

/**
 * The lookups of the Jira and Microsoft Planner responder forms (`/api/incidents/responder-*`):
 * the instances a team may open tickets in, and what one instance offers.
 */
export const RESPONDER_LOOKUP_KINDS = ['jira', 'ms_planner'] as const;
export type ResponderLookupKind = (typeof RESPONDER_LOOKUP_KINDS)[number];

/** What each kind looks up, in the order its form asks. */
export const RESPONDER_LOOKUPS = {
  jira: ['projects', 'issue-types', 'priorities'],
  ms_planner: ['plans', 'buckets'],
} as const satisfies Record<ResponderLookupKind, readonly string[]>;
export type ResponderLookup = (typeof RESPONDER_LOOKUPS)[ResponderLookupKind][number];

/** An instance: a connection of the kind's type (never its URL or credentials). */
export const responderInstanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
});
export type ResponderInstance = z.infer<typeof responderInstanceSchema>;

export const responderInstancesSchema = z.object({
  instances: z.array(responderInstanceSchema),
  /** The instance the form starts on: the team's own, or the only one. */
  selected: z.string().nullable(),
});
export type ResponderInstances = z.infer<typeof responderInstancesSchema>;

/** One choice: `value` is what the responder stores (project key, issue type name, plan id…). */
export const lookupOptionSchema = z.object({ value: z.string(), label: z.string() });
export type LookupOption = z.infer<typeof lookupOptionSchema>;
export const lookupOptionsSchema = z.object({ options: z.array(lookupOptionSchema) });

/** Planner task priorities (Graph: 0–10, lower is more urgent); the form offers these four. */
export const PLANNER_PRIORITIES: readonly LookupOption[] = [
  { value: '1', label: 'Urgent' },
  { value: '3', label: 'Important' },
  { value: '5', label: 'Medium' },
  { value: '9', label: 'Low' },
];
