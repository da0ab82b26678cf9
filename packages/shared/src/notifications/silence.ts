import { z } from 'zod';
import { resourceDocumentSchema, specJsonSchema } from '../resource-document.js';
import { labelSelectorSchema } from '../selectors.js';
import { isRelativeExpression, resolveRelative } from '../time/relative.js';

/**
 * A notification silence: Mission Control's `NotificationSilence` spec (description, from,
 * until, recursive, filter, selectors) plus, from the UI, the one resource it silences.
 */

export const SILENCE_RESOURCE_TYPES = ['config', 'component', 'check', 'canary'] as const;
export type SilenceResourceType = (typeof SILENCE_RESOURCE_TYPES)[number];

export const SILENCE_WINDOW_ERROR = 'from must be before until';
export const SILENCE_TARGET_ERROR =
  'at least one of a resource (config, component, check, canary), filter or selectors';

/** `now`, `now+2d`, an ISO time or a plain date: the Date it means, or undefined. */
export function parseSilenceTime(text: string, now: Date = new Date()): Date | undefined {
  const t = text.trim();
  if (isRelativeExpression(t)) return resolveRelative(t, now);
  if (!/^\d{4}-\d{2}-\d{2}/.test(t)) return undefined;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

const silenceTime = z
  .string()
  .refine((s) => parseSilenceTime(s) !== undefined, 'an ISO time, a date, or now / now+2d / now-4h');

/** Mission Control's ResourceSelector, the fields a silence uses. */
export const silenceSelectorSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    namespace: z.string().optional(),
    types: z.array(z.string().min(1)).optional(),
    statuses: z.array(z.string().min(1)).optional(),
    healths: z.array(z.string().min(1)).optional(),
    labelSelector: labelSelectorSchema.optional(),
    tagSelector: labelSelectorSchema.optional(),
    agent: z.string().optional(),
    cache: z.string().optional(),
    search: z.string().optional(),
  })
  .loose();
export type SilenceSelector = z.infer<typeof silenceSelectorSchema>;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'a uuid');

/** The NotificationSilence spec as Mission Control's fixtures write it. */
export const silenceSpecSchema = z
  .object({
    description: z.string().optional(),
    from: silenceTime.optional(),
    until: silenceTime.optional(),
    recursive: z.boolean().optional(),
    filter: z.string().optional(),
    selectors: z.array(silenceSelectorSchema).optional(),
  })
  .strict();
export type SilenceSpec = z.infer<typeof silenceSpecSchema>;

export const silenceResourceSchema = resourceDocumentSchema('NotificationSilence', silenceSpecSchema);

export function silenceJsonSchema(): Record<string, unknown> {
  return specJsonSchema(silenceSpecSchema);
}

/** POST /api/notification/silence body (the silence form). */
export const createSilenceRequestSchema = z
  .object({
    name: z.string().optional(),
    description: z.string().max(2000).optional(),
    from: silenceTime.optional(),
    until: silenceTime.optional(),
    recursive: z.boolean().default(false),
    namespace: z.string().min(1).default('default'),
    source: z.string().min(1).default('UI'),
    config_id: uuid.optional(),
    component_id: uuid.optional(),
    check_id: uuid.optional(),
    canary_id: uuid.optional(),
    filter: z.string().optional(),
    selectors: z.array(silenceSelectorSchema).optional(),
  })
  .strict();
export type CreateSilenceRequest = z.infer<typeof createSilenceRequestSchema>;

/** One resource the silence preview lists. */
export const silencePreviewItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  resource_type: z.enum(SILENCE_RESOURCE_TYPES),
});
export type SilencePreviewItem = z.infer<typeof silencePreviewItemSchema>;
