import { stringify } from 'yaml';
import { z } from 'zod';
import { parseYamlObject } from '../../lib/yaml.js';
import type { SettingsRow } from './row.js';
import type { SettingsInput } from './settingsResourceApi.js';
import type { SettingsTable, SpecCheck } from './types.js';

export const REQUIRED = 'This field is required';
export const LABELS_ERROR = 'Labels must be JSON';
export const SPEC_NOT_OBJECT = 'The spec must be a YAML object';

/** Schedule options of the generic resource form. */
export const SCHEDULE_OPTIONS = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

export type SettingsFormValues = {
  name: string;
  icon: string;
  namespace: string;
  labels: string;
  schedule: string;
  spec: string;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The spec text as an object: empty text is an empty spec; undefined when it is not a mapping. */
export function specObject(text: string): Record<string, unknown> | undefined {
  return text.trim() === '' ? {} : parseYamlObject(text);
}

/** Name is required, labels must be a JSON object, the spec a YAML object the table's check accepts. */
export function settingsFormSchema(checkSpec: SpecCheck | undefined) {
  return z
    .object({
      name: z.string().trim().min(1, REQUIRED),
      icon: z.string(),
      namespace: z.string(),
      labels: z.string(),
      schedule: z.string(),
      spec: z.string(),
    })
    .superRefine((v, ctx) => {
      const labels = v.labels.trim();
      if (labels) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(labels);
        } catch {
          parsed = undefined;
        }
        if (!isObject(parsed)) ctx.addIssue({ code: 'custom', path: ['labels'], message: LABELS_ERROR });
      }
      const spec = specObject(v.spec);
      if (!spec) {
        ctx.addIssue({ code: 'custom', path: ['spec'], message: SPEC_NOT_OBJECT });
        return;
      }
      const problem = checkSpec?.(spec);
      if (problem) ctx.addIssue({ code: 'custom', path: ['spec'], message: problem });
    });
}

/** The spec a row's form edits: its spec column, or what its columns say (notifications). */
function specOfRow(t: SettingsTable, row: SettingsRow): Record<string, unknown> {
  if (t.specOf) return t.specOf(row);
  return isObject(row.spec) ? row.spec : {};
}

/** Form values of a stored row, or of a new one (namespace 'default'). */
export function formValues(t: SettingsTable, row: SettingsRow | undefined): SettingsFormValues {
  if (!row) return { name: '', icon: '', namespace: 'default', labels: '{}', schedule: '', spec: '' };
  const spec = specOfRow(t, row);
  return {
    name: row.name,
    icon: row.icon ?? '',
    namespace: row.namespace ?? 'default',
    labels: JSON.stringify(row.labels ?? {}, null, 2),
    schedule: row.schedule ?? '',
    spec: Object.keys(spec).length ? stringify(spec) : '',
  };
}

/**
 * The row to store. Name and namespace are sent only on create (they identify the row); the
 * dropdown's schedule goes into the spec too, since a spec's own schedule wins on save.
 */
export function formInput(t: SettingsTable, v: SettingsFormValues, editing: boolean): SettingsInput {
  const spec = specObject(v.spec) ?? {};
  const has = (f: SettingsTable['fields'][number]) => t.fields.includes(f);
  const input: SettingsInput = {};
  if (!editing) {
    input.name = v.name.trim();
    if (has('namespace')) input.namespace = v.namespace.trim() || 'default';
  }
  if (has('icon')) input.icon = v.icon.trim() || null;
  if (has('labels')) input.labels = v.labels.trim() ? (JSON.parse(v.labels) as unknown) : {};
  if (has('schedule')) {
    input.schedule = v.schedule || null;
    if (v.schedule) {
      const inner = typeof spec.kind === 'string' && isObject(spec.spec) ? spec.spec : spec;
      inner.schedule = v.schedule;
    }
  }
  input.spec = spec;
  return input;
}
