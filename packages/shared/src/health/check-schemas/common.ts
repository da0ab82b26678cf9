import type { z } from 'zod';
// A namespace import read lazily: canary-spec.ts imports the schemas in this folder, so its
// bindings are only initialised once a schema is first used (z.lazy), never at load time.
import * as canarySpec from '../canary-spec.js';

type CommonFields = typeof canarySpec.commonCheckFields;
type EnvVar = typeof canarySpec.envVarSchema;

/** The fields every check has (name, test, display, timeout…), read when first needed. */
export const common = (): CommonFields => canarySpec.commonCheckFields;
export const envVar = (): EnvVar => canarySpec.envVarSchema;

/** A check's schema built on first use, so the import cycle with canary-spec.ts is harmless. */
export type LazySchema<T extends z.ZodType> = z.ZodLazy<T>;
