import { z } from 'zod';
import { configSelectorSchema } from '../../selectors.js';
import { commonCheckFields } from './base.js';

const HEALTHS = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** A config selector plus the status and health filters canary-checker's selectors have. */
export const catalogSelectorSchema = configSelectorSchema.extend({
  statuses: z.array(z.string().min(1)).optional(),
  healths: z.array(z.enum(HEALTHS)).optional(),
});

/** canary-checker's `catalog` check: the config items its selectors match (`results`). */
export const catalogCheckSchema = z
  .object({
    ...commonCheckFields,
    selector: z.array(catalogSelectorSchema).min(1, 'selector needs at least one selector'),
  })
  .loose();

export type CatalogCheckSpec = z.infer<typeof catalogCheckSchema>;
