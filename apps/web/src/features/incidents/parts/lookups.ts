import {
  lookupOptionsSchema,
  PLANNER_PRIORITIES,
  responderInstancesSchema,
  type LookupOption,
  type ResponderInstances,
  type ResponderLookup,
  type ResponderLookupKind,
} from '@opsdeck/shared';
import { http } from '../../../api/http.js';

/** Integration lookups wait until the choice they depend on has rested this long (doc 2 §5). */
export const LOOKUP_DEBOUNCE_MS = 500;

/** How a field of the Jira or Planner form gets its choices. */
export type LookupField =
  | { lookup: ResponderLookup; needs?: { field: string; param: 'project' | 'plan' } }
  | { options: readonly LookupOption[] };

export const LOOKUP_FIELDS: Record<ResponderLookupKind, Record<string, LookupField>> = {
  jira: {
    project: { lookup: 'projects' },
    issueType: { lookup: 'issue-types', needs: { field: 'project', param: 'project' } },
    priority: { lookup: 'priorities' },
  },
  ms_planner: {
    plan_id: { lookup: 'plans' },
    bucket_id: { lookup: 'buckets', needs: { field: 'plan_id', param: 'plan' } },
    priority: { options: PLANNER_PRIORITIES },
  },
};

/** What a change clears: the fields whose choices depended on it (doc 2 §5). */
export const CLEARS: Record<ResponderLookupKind, Record<string, readonly string[]>> = {
  jira: { instance: ['project', 'issueType'], project: ['issueType'] },
  ms_planner: { instance: ['plan_id', 'bucket_id'], plan_id: ['bucket_id'] },
};

export async function fetchInstances(
  kind: ResponderLookupKind,
  teamId: string | undefined,
  signal?: AbortSignal,
): Promise<ResponderInstances> {
  const body = await http('/api/incidents/responder-instances', {
    query: { kind, team_id: teamId },
    ...(signal ? { signal } : {}),
  });
  return responderInstancesSchema.parse(body);
}

export async function fetchLookup(
  instance: string,
  lookup: ResponderLookup,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<LookupOption[]> {
  const body = await http(`/api/incidents/responder-instances/${encodeURIComponent(instance)}/${lookup}`, {
    query,
    ...(signal ? { signal } : {}),
  });
  return lookupOptionsSchema.parse(body).options;
}
