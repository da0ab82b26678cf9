import { z } from 'zod';
import { configSelectorSchema } from '../../selectors.js';
import { durationTextSchema, MAX_DURATION_MS } from '../../time/duration.js';
import { envValueSchema } from './http-auth.js';

/*
 * What every check schema is built from: the fields all checks have, values given inline or by
 * reference, durations. canary-spec.ts and each file of check-schemas/ import them from here.
 */

/**
 * A value given inline or by reference (`{value}`, `{valueFrom: {secretKeyRef|configMapKeyRef|connection}}`):
 * references are resolved when the check runs.
 */
export const envVarSchema = envValueSchema;
export type EnvVarValue = z.infer<typeof envVarSchema>;

/**
 * canary-checker's expression forms for `test`, `display` and `transform`: CEL (`expr`), a Go
 * template (`template`) or JavaScript run in the sandbox (`javascript`). Exactly one is used.
 */
export const EXPRESSION_FORMS = ['expr', 'template', 'javascript'] as const;
export const checkExpressionSchema = z
  .object({
    expr: z.string().min(1, 'expr must not be empty').optional(),
    template: z.string().min(1, 'template must not be empty').optional(),
    javascript: z.string().min(1, 'javascript must not be empty').optional(),
    jsonPath: z.string().optional(),
  })
  .loose()
  .refine((e) => EXPRESSION_FORMS.filter((f) => e[f] !== undefined).length === 1, {
    message: 'give exactly one of expr, template or javascript',
  });
export type CheckExpression = z.infer<typeof checkExpressionSchema>;

/** A Go duration ("500ms", "30s", "1h30m") or a number of milliseconds. */
export const durationSchema = z.union([
  z.number().nonnegative().max(MAX_DURATION_MS),
  durationTextSchema('a duration such as 500ms, 30s or 1h30m'),
]);

/** Fields every check has, whatever its type. */
export const commonCheckFields = {
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  namespace: z.string().optional(),
  severity: z.enum(['info', 'low', 'medium', 'high', 'critical']).optional(),
  thresholdMillis: z.number().int().nonnegative().optional(),
  /** Per-check time limit (Go duration or ms); the server default applies when absent. */
  timeout: durationSchema.optional(),
  test: checkExpressionSchema.optional(),
  display: checkExpressionSchema.optional(),
  transform: checkExpressionSchema.optional(),
  /** Names of checks of the same canary that must pass first; otherwise this one fails without running. */
  dependsOn: z.array(z.string().min(1, 'dependsOn entries must not be empty')).optional(),
  /**
   * Config items the check is about (canary-checker's `relationships`): each selector's
   * matches are linked to the check, and re-resolved as the catalog changes.
   */
  relationships: z
    .object({
      configs: z.array(configSelectorSchema).optional(),
      components: z.array(z.unknown()).optional(),
    })
    .loose()
    .optional(),
};

/** `username`/`password` inline, or nested under `auth` as canary-checker's older specs do. */
export const credentialFields = {
  username: envVarSchema.optional(),
  password: envVarSchema.optional(),
  auth: z.object({ username: envVarSchema.optional(), password: envVarSchema.optional() }).loose().optional(),
};

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
export const folderTestFields = {
  minCount: z.number().int().nonnegative().optional(),
  maxCount: z.number().int().nonnegative().optional(),
  minAge: durationSchema.optional(),
  maxAge: durationSchema.optional(),
  minSize: sizeSchema.optional(),
  maxSize: sizeSchema.optional(),
  filter: z
    .object({
      minAge: durationSchema.optional(),
      maxAge: durationSchema.optional(),
      minSize: sizeSchema.optional(),
      maxSize: sizeSchema.optional(),
      regex: z.string().optional(),
    })
    .loose()
    .optional(),
};
