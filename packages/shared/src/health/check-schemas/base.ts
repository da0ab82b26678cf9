import { z } from 'zod';
import type { commonCheckFields, durationSchema, envVarSchema } from '../canary-spec.js';

/**
 * What every check schema here is built from. canary-spec.ts passes its own pieces in, so these
 * files never import canary-spec.ts at run time (that would be an import cycle).
 */
export type CheckSchemaBase = {
  common: typeof commonCheckFields;
  envVar: typeof envVarSchema;
  duration: typeof durationSchema;
};

/** `username`/`password` inline, or nested under `auth` as canary-checker's older specs do. */
export function credentialFields(base: CheckSchemaBase) {
  return {
    username: base.envVar.optional(),
    password: base.envVar.optional(),
    auth: z.object({ username: base.envVar.optional(), password: base.envVar.optional() }).loose().optional(),
  };
}

export const portSchema = z.number().int().min(1, 'port must be 1-65535').max(65535, 'port must be 1-65535');

/** A size: bytes, or text such as 25b, 10kb, 5Mi. */
export const sizeSchema = z.union([
  z.number().nonnegative(),
  z.string().regex(/^\s*\d+(\.\d+)?\s*[a-zA-Z]*\s*$/, 'a size such as 25b, 10kb or 5Mi'),
]);

/**
 * canary-checker's folder test (FolderTest + filter) for listings of remote folders: the
 * filter picks the files, then counts, the newest file's age and sizes are tested.
 */
export function folderTestFields(base: CheckSchemaBase) {
  return {
    minCount: z.number().int().nonnegative().optional(),
    maxCount: z.number().int().nonnegative().optional(),
    minAge: base.duration.optional(),
    maxAge: base.duration.optional(),
    minSize: sizeSchema.optional(),
    maxSize: sizeSchema.optional(),
    filter: z
      .object({
        minAge: base.duration.optional(),
        maxAge: base.duration.optional(),
        minSize: sizeSchema.optional(),
        maxSize: sizeSchema.optional(),
        regex: z.string().optional(),
      })
      .loose()
      .optional(),
  };
}
