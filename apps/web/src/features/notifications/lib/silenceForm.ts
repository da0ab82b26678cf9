import { z } from 'zod';
import type { SilenceBody, SilenceRow } from '../api/silences.js';
import { REQUIRED } from './ruleForm.js';

/** The resources a silence form offers; canary silences come from specs only. */
export const SILENCE_FORM_RESOURCES = [
  { value: 'config', label: 'Catalog', param: 'config_id' },
  { value: 'component', label: 'Component', param: 'component_id' },
  { value: 'check', label: 'Check', param: 'check_id' },
] as const;
export type SilenceFormResource = (typeof SILENCE_FORM_RESOURCES)[number]['value'];

/** Silence Duration choices, as relative expressions the server resolves (`now+4h`). */
export const SILENCE_DURATIONS = [
  { value: '30m', label: '30 minutes' },
  { value: '1h', label: '1 hour' },
  { value: '4h', label: '4 hours' },
  { value: '8h', label: '8 hours' },
  { value: '1d', label: '1 day' },
  { value: '2d', label: '2 days' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
] as const;

export const silenceFormSchema = z.object({
  resourceType: z.enum(['config', 'component', 'check']),
  resourceId: z.string().min(1, REQUIRED),
  recursive: z.boolean(),
  duration: z.string().min(1, REQUIRED),
  description: z.string(),
});
export type SilenceFormValues = z.infer<typeof silenceFormSchema>;

/**
 * Form values from the query string: `check_id`, `config_id` or `component_id` picks the
 * resource (the Silence actions of the check panel, catalog item and topology card link here).
 */
export function silenceFormFromQuery(params: URLSearchParams): SilenceFormValues {
  const chosen = SILENCE_FORM_RESOURCES.find((r) => params.get(r.param));
  return {
    resourceType: chosen?.value ?? 'config',
    resourceId: chosen ? (params.get(chosen.param) ?? '') : '',
    recursive: false,
    duration: '4h',
    description: '',
  };
}

function resourceIdField(
  type: SilenceFormResource,
  id: string,
): Pick<SilenceBody, 'config_id' | 'component_id' | 'check_id'> {
  if (type === 'check') return { check_id: id };
  if (type === 'component') return { component_id: id };
  return { config_id: id };
}

/** The POST body: the one chosen resource id, from now until now+duration. */
export function silenceBody(v: SilenceFormValues): SilenceBody {
  return {
    from: 'now',
    until: `now+${v.duration}`,
    description: v.description.trim(),
    recursive: v.recursive,
    namespace: 'default',
    source: 'UI',
    ...resourceIdField(v.resourceType, v.resourceId),
  };
}

/** The resource a stored silence is about: its kind and id, or undefined for filter/selector ones. */
export function silenceResource(
  row: SilenceRow,
): { type: 'config' | 'component' | 'check' | 'canary'; id: string } | undefined {
  if (row.check_id) return { type: 'check', id: row.check_id };
  if (row.config_id) return { type: 'config', id: row.config_id };
  if (row.component_id) return { type: 'component', id: row.component_id };
  if (row.canary_id) return { type: 'canary', id: row.canary_id };
  return undefined;
}

/** A silence is expired once until is in the past. */
export function isExpired(row: Pick<SilenceRow, 'until'>, now: Date = new Date()): boolean {
  return row.until !== null && new Date(row.until).getTime() < now.getTime();
}
