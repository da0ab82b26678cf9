import { statusPageInputSchema, type StatusPageInput } from '@opsdeck/shared';
import { z } from 'zod';
import type { StatusPageRow } from '../api/statusPages.js';

/** A selector as the form edits it: text boxes; types as a comma-separated list. */
const selectorValuesSchema = z.object({
  kind: z.enum(['', 'check', 'component']),
  name: z.string(),
  namespace: z.string(),
  types: z.string(),
  labelSelector: z.string(),
});
export type SelectorValues = z.infer<typeof selectorValuesSchema>;

const baseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  logo: z.string(),
  description: z.string(),
  custom_domain: z.string(),
  groups: z.array(z.object({ name: z.string(), selectors: z.array(selectorValuesSchema) })),
});
export type StatusPageFormValues = z.infer<typeof baseSchema>;

export const EMPTY_SELECTOR: SelectorValues = {
  kind: '',
  name: '',
  namespace: '',
  types: '',
  labelSelector: '',
};

const text = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The columns the values stand for (what the data API's write hook checks again). */
export function toInput(v: StatusPageFormValues): StatusPageInput {
  return {
    slug: v.slug.trim(),
    title: v.title.trim(),
    logo: text(v.logo) ?? null,
    description: v.description,
    custom_domain: text(v.custom_domain)?.toLowerCase() ?? null,
    groups: v.groups.map((g) => ({
      name: g.name.trim(),
      selectors: g.selectors.map((s) => {
        const types = s.types
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean);
        return {
          ...(s.kind ? { kind: s.kind } : {}),
          ...(text(s.name) ? { name: text(s.name) } : {}),
          ...(text(s.namespace) ? { namespace: text(s.namespace) } : {}),
          ...(types.length ? { types } : {}),
          ...(text(s.labelSelector) ? { labelSelector: text(s.labelSelector) } : {}),
        };
      }),
    })),
  };
}

/** The form's schema: the shared one, applied to what the values stand for, errors at their fields. */
export const statusPageFormSchema = baseSchema.superRefine((v, ctx) => {
  const parsed = statusPageInputSchema.safeParse(toInput(v));
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    // A selector's own refinement (no criterion) is shown at its name box.
    const path =
      issue.path.length === 4 && issue.path[2] === 'selectors' ? [...issue.path, 'name'] : issue.path;
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    });
  }
});

function selectorValues(s: unknown): SelectorValues {
  const o = (s ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
  const kind = o.kind === 'check' || o.kind === 'component' ? o.kind : '';
  return {
    kind,
    name: str('name'),
    namespace: str('namespace'),
    types: Array.isArray(o.types) ? o.types.filter((t) => typeof t === 'string').join(', ') : '',
    labelSelector: str('labelSelector'),
  };
}

export function formValues(row?: StatusPageRow): StatusPageFormValues {
  if (!row)
    return {
      slug: '',
      title: '',
      logo: '',
      description: '',
      custom_domain: '',
      groups: [{ name: '', selectors: [{ ...EMPTY_SELECTOR }] }],
    };
  return {
    slug: row.slug,
    title: row.title,
    logo: row.logo ?? '',
    description: row.description,
    custom_domain: row.custom_domain ?? '',
    groups: row.groups.map((g) => ({ name: g.name, selectors: g.selectors.map(selectorValues) })),
  };
}
