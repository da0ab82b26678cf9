import { z } from 'zod';
import { specJsonSchema } from '../resource-document.js';
import { labelSelectorSchema } from '../selectors.js';

/**
 * Public status pages (docs/status-pages.md): what an editor writes (slug, title, logo,
 * description, groups of selectors, custom domain) and the document the public routes answer.
 */

/** Lower-case letters, digits and inner hyphens, 1–63 characters: safe in a URL path. */
export const STATUS_PAGE_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A logo is an http(s) URL or an image data URL of at most this many characters (~96 kB). */
export const STATUS_PAGE_LOGO_MAX = 131_072;
export const STATUS_PAGE_GROUPS_MAX = 50;
export const STATUS_PAGE_SELECTORS_MAX = 20;

export const statusPageSlugSchema = z
  .string()
  .regex(STATUS_PAGE_SLUG, 'a slug is lower-case letters, digits and hyphens (not first or last), up to 63');

export const statusPageLogoSchema = z
  .string()
  .max(
    STATUS_PAGE_LOGO_MAX,
    `a logo is at most ${STATUS_PAGE_LOGO_MAX} characters (about 96 kB as a data URL)`,
  )
  .refine(
    (s) =>
      /^https?:\/\/[^\s]+$/i.test(s) ||
      /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(s),
    {
      message: 'a logo is an http(s) URL or a base64 image data URL (png, jpeg, gif, webp, svg)',
    },
  );

/** A host name as a browser sends it in Host, without port: status.example.com. */
export const statusPageDomainSchema = z
  .string()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'a custom domain is a lower-case host name such as status.example.com (no scheme, port or path)',
  );

/**
 * One selector of a group: checks and/or components by name (`*` wildcards), namespace, types
 * and a label selector (`k=v,k2!=v2,k3,!k4`) — the matching of src/selectors.ts. Without
 * `kind` it chooses both. At least one criterion: `name: "*"` chooses everything on purpose.
 */
export const statusPageSelectorSchema = z
  .object({
    kind: z.enum(['check', 'component']).optional(),
    name: z.string().min(1).max(200).optional(),
    namespace: z.string().min(1).max(200).optional(),
    types: z.array(z.string().min(1).max(100)).max(20).optional(),
    labelSelector: labelSelectorSchema.optional(),
  })
  .strict()
  .refine(
    (s) =>
      s.name !== undefined ||
      s.namespace !== undefined ||
      (s.types?.length ?? 0) > 0 ||
      (s.labelSelector ?? '').trim() !== '',
    { message: 'a selector needs a name, namespace, type or label selector (name "*" chooses all)' },
  );
export type StatusPageSelector = z.infer<typeof statusPageSelectorSchema>;

export const statusPageGroupSchema = z
  .object({
    name: z.string().trim().min(1, 'a group needs a name').max(100),
    selectors: z
      .array(statusPageSelectorSchema)
      .min(1, 'a group needs at least one selector')
      .max(STATUS_PAGE_SELECTORS_MAX),
  })
  .strict();
export type StatusPageGroup = z.infer<typeof statusPageGroupSchema>;

export const statusPageGroupsSchema = z
  .array(statusPageGroupSchema)
  .min(1, 'a status page needs at least one group')
  .max(STATUS_PAGE_GROUPS_MAX);

/** The columns an editor writes (the form, the data API's write hook, `opsdeck apply`). */
export const statusPageInputSchema = z.object({
  slug: statusPageSlugSchema,
  title: z.string().trim().min(1, 'a title is required').max(200),
  logo: statusPageLogoSchema.nullable().optional(),
  description: z.string().max(5000).optional(),
  groups: statusPageGroupsSchema,
  custom_domain: statusPageDomainSchema.nullable().optional(),
});
export type StatusPageInput = z.infer<typeof statusPageInputSchema>;

/** What a StatusPage document's `spec` holds for `opsdeck apply` (metadata.name is the slug). */
export const statusPageSpecSchema = statusPageInputSchema.omit({ slug: true }).extend({
  logo: statusPageLogoSchema.optional(),
  custom_domain: statusPageDomainSchema.optional(),
});

/** The JSON Schema of a StatusPage document's spec, for /api/schemas/status-page.schema.json. */
export function statusPageJsonSchema(): Record<string, unknown> {
  return specJsonSchema(statusPageSpecSchema);
}

/** What the public reads of a member, a group or the page; maintenance: a window covers it now. */
export const PUBLIC_STATES = ['operational', 'degraded', 'outage', 'maintenance', 'unknown'] as const;
export type PublicState = (typeof PUBLIC_STATES)[number];

/** One chosen check or component as the public sees it: an opaque key, never an id. */
export const publicMemberSchema = z.object({
  key: z.string(),
  name: z.string(),
  state: z.enum(PUBLIC_STATES),
  /** Uptime in percent over the 90 days, oldest first (null: no runs that day). */
  uptime: z.array(z.number().nullable()),
  /** Uptime over the days that had runs, or null. */
  uptime90: z.number().nullable(),
  /**
   * The days (indexes into `uptime`) drawn as maintenance: results were recorded under a
   * maintenance window and none failed outside it.
   */
  maintenance_days: z.array(z.number().int().min(0)).default([]),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

export const publicGroupSchema = z.object({
  name: z.string(),
  state: z.enum(PUBLIC_STATES),
  members: z.array(publicMemberSchema),
});

export const publicUpdateSchema = z.object({ key: z.string(), at: z.string(), text: z.string() });

export const publicIncidentSchema = z.object({
  key: z.string(),
  title: z.string(),
  status: z.string(),
  active: z.boolean(),
  started: z.string(),
  resolved: z.string().nullable(),
  /** Names of the chosen members it concerns. */
  affects: z.array(z.string()),
  updates: z.array(publicUpdateSchema),
});
export type PublicIncident = z.infer<typeof publicIncidentSchema>;

/** One time a maintenance window is (or will be) under way. */
export const publicOccurrenceSchema = z.object({ starts: z.string(), ends: z.string() });

/**
 * A maintenance window under way or starting within MAINTENANCE_HORIZON_DAYS that covers a
 * member of the page (a chosen check or component, or a check behind a chosen component).
 */
export const publicMaintenanceSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** One of its occurrences is under way. */
  active: z.boolean(),
  /** When the window was last changed (the feed's entry time). */
  updated: z.string(),
  /** Names of the chosen members it covers. */
  affects: z.array(z.string()),
  /** Its next occurrences (the first under way if `active`), oldest first. */
  occurrences: z.array(publicOccurrenceSchema),
});
export type PublicMaintenance = z.infer<typeof publicMaintenanceSchema>;

/** GET /api/status/{slug}: everything a public page shows, and nothing else. */
export const publicStatusPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  state: z.enum(PUBLIC_STATES),
  /** The first of the 90 days of the uptime bars (UTC date). */
  since: z.string(),
  groups: z.array(publicGroupSchema),
  incidents: z.array(publicIncidentSchema),
  /** Maintenance under way first, then by the next start. */
  maintenance: z.array(publicMaintenanceSchema).default([]),
  generated_at: z.string(),
});
export type PublicStatusPage = z.infer<typeof publicStatusPageSchema>;
