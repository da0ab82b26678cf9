import {
  MAINTENANCE_RESOURCE_TYPES,
  maintenanceProblems,
  type MaintenanceResourceType,
  type MaintenanceSelector,
  type MaintenanceWindowRow,
} from '@opsdeck/shared';
import { z } from 'zod';
import type { WindowBody } from '../api/windows.js';

/** One selector as the form edits it: lists as comma-separated text. */
const selectorFormSchema = z.object({
  resourceTypes: z.array(z.enum(MAINTENANCE_RESOURCE_TYPES)),
  name: z.string(),
  namespace: z.string(),
  types: z.string(),
  labelSelector: z.string(),
  agent: z.string(),
});
export type SelectorForm = z.infer<typeof selectorFormSchema>;

const baseFormSchema = z.object({
  name: z.string().trim().min(1, 'a name is required'),
  namespace: z.string().trim().min(1, 'a namespace is required'),
  description: z.string(),
  recurring: z.boolean(),
  /** `datetime-local` text, read in the browser's time zone. */
  starts_at: z.string(),
  ends_at: z.string(),
  schedule: z.string(),
  duration: z.string(),
  time_zone: z.string(),
  selectors: z.array(selectorFormSchema),
  recipients: z.string(),
  startMessage: z.string(),
  endMessage: z.string(),
});
export type WindowForm = z.infer<typeof baseFormSchema>;

export const EMPTY_SELECTOR: SelectorForm = {
  resourceTypes: [...MAINTENANCE_RESOURCE_TYPES],
  name: '',
  namespace: '',
  types: '',
  labelSelector: '',
  agent: '',
};

const list = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO time as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (text: string): string | null => {
  if (!text.trim()) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};

function selectorOf(s: SelectorForm): MaintenanceSelector {
  const out: MaintenanceSelector = {};
  const all = s.resourceTypes.length === MAINTENANCE_RESOURCE_TYPES.length;
  if (!all && s.resourceTypes.length) out.resourceTypes = s.resourceTypes;
  if (s.name.trim()) out.name = s.name.trim();
  if (s.namespace.trim()) out.namespace = s.namespace.trim();
  if (list(s.types).length) out.types = list(s.types);
  if (s.labelSelector.trim()) out.labelSelector = s.labelSelector.trim();
  if (s.agent.trim()) out.agent = s.agent.trim();
  return out;
}

/** What a save writes for the form's values. */
export function bodyOf(f: WindowForm): WindowBody {
  const recipients = list(f.recipients);
  return {
    name: f.name.trim(),
    namespace: f.namespace.trim(),
    description: f.description.trim() || null,
    starts_at: fromLocalInput(f.starts_at),
    ends_at: fromLocalInput(f.ends_at),
    schedule: f.recurring ? f.schedule.trim() || null : null,
    duration: f.recurring ? f.duration.trim() || null : null,
    time_zone: f.time_zone.trim() || 'UTC',
    selectors: f.selectors.map(selectorOf),
    notify: recipients.length
      ? {
          recipients,
          ...(f.startMessage.trim() ? { startMessage: f.startMessage.trim() } : {}),
          ...(f.endMessage.trim() ? { endMessage: f.endMessage.trim() } : {}),
        }
      : null,
  };
}

/** The form's values for a stored window, or a new one (recurring, in the browser's zone). */
export function formOf(row: MaintenanceWindowRow | undefined): WindowForm {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (!row)
    return {
      name: '',
      namespace: 'default',
      description: '',
      recurring: true,
      starts_at: '',
      ends_at: '',
      schedule: '0 2 * * 6',
      duration: '2h',
      time_zone: zone,
      selectors: [{ ...EMPTY_SELECTOR }],
      recipients: '',
      startMessage: '',
      endMessage: '',
    };
  return {
    name: row.name,
    namespace: row.namespace,
    description: row.description ?? '',
    recurring: row.schedule !== null,
    starts_at: toLocalInput(row.starts_at),
    ends_at: toLocalInput(row.ends_at),
    schedule: row.schedule ?? '',
    duration: row.duration ?? '',
    time_zone: row.time_zone,
    selectors: row.selectors.map((s) => ({
      resourceTypes: [...(s.resourceTypes ?? MAINTENANCE_RESOURCE_TYPES)] as MaintenanceResourceType[],
      name: s.name ?? '',
      namespace: s.namespace ?? '',
      types: (s.types ?? []).join(', '),
      labelSelector: s.labelSelector ?? '',
      agent: s.agent ?? '',
    })),
    recipients: (row.notify?.recipients ?? []).join(', '),
    startMessage: row.notify?.startMessage ?? '',
    endMessage: row.notify?.endMessage ?? '',
  };
}

/** The form field a server-side problem (`column: message`) belongs to. */
const FIELD_OF: Readonly<Record<string, keyof WindowForm>> = {
  starts_at: 'starts_at',
  ends_at: 'ends_at',
  schedule: 'schedule',
  duration: 'duration',
  time_zone: 'time_zone',
};

/**
 * The form's schema: its own fields, then the window as it would be saved, checked by the
 * rules the server applies (maintenanceProblems), each message on its field.
 */
export const windowFormSchema = baseFormSchema.superRefine((f, ctx) => {
  for (const problem of maintenanceProblems(bodyOf(f))) {
    const at = problem.indexOf(':');
    const column = problem.slice(0, at).split('.')[0] ?? '';
    ctx.addIssue({
      code: 'custom',
      path: [FIELD_OF[column] ?? 'selectors'],
      message: problem.slice(at + 1).trim(),
    });
  }
});
