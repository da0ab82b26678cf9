import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { featureFlagKeys } from './keys.js';

export const flagSchema = z.object({
  name: z.string(),
  value: z.string(),
  description: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  created_by: z.object({ id: z.string(), name: z.string().nullable() }).nullable().optional(),
  created_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type FeatureFlag = z.infer<typeof flagSchema>;

export const LOCAL_FLAG_TEXT = 'Cannot edit local feature flags';
export const MISSING_DETAILS_TEXT = 'please provide all details';

/** A flag from PROPERTIES_FILE: read-only. */
export function isLocal(f: Pick<FeatureFlag, 'source'>): boolean {
  return f.source === 'local';
}

export function useFeatureFlags() {
  return useQuery({
    queryKey: featureFlagKeys.table(),
    queryFn: async () =>
      z
        .array(flagSchema)
        .parse(await rows(db.from('properties').select('*,created_by(id,name)').order('name'))),
  });
}

export type FlagInput = { name: string; value: string; description: string };

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: featureFlagKeys.all });
}

/** An existing flag (one with created_at) is updated, a new one created. */
export function useSaveFlag() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ existing, ...input }: FlagInput & { existing: boolean }) => {
      const body = { value: input.value, description: input.description || null };
      return rows(
        existing
          ? db
              .from('properties')
              .update({ ...body, updated_at: new Date().toISOString() })
              .eq('name', input.name)
              .select('name')
          : db
              .from('properties')
              .insert({ name: input.name, ...body })
              .select('name'),
      );
    },
    onSuccess: invalidate,
  });
}

export function useDeleteFlag() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (name: string) => rows(db.from('properties').delete().eq('name', name).select('name')),
    onSuccess: invalidate,
  });
}
