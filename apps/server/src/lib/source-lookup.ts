import { z } from 'zod';

/** The query of the source-id lookups (GET /api/catalog/lookup, GET /api/topology/lookup). */
export const sourceLookupQuerySchema = z.object({
  external_id: z
    .string({ message: 'external_id is required' })
    .trim()
    .min(1, 'external_id is required')
    .max(1000, 'external_id is at most 1000 characters'),
  type: z.string().trim().min(1).max(200, 'type is at most 200 characters').optional(),
});
export type SourceLookupQuery = z.infer<typeof sourceLookupQuerySchema>;

/** What a lookup answers for each match; live ones first, at most SOURCE_LOOKUP_LIMIT. */
export type SourceMatch = {
  id: string;
  name: string | null;
  type: string | null;
  deleted_at: string | null;
};
export const SOURCE_LOOKUP_LIMIT = 20;
