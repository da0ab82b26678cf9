import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { listObjectFolder } from './object-folder.js';
import type { CheckRunner } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.gcs;
type GcsSpec = z.infer<typeof schema>;

/** gcs: the folder check over `gcs://bucket/prefix` (canary-checker writes it as a folder check too). */
export const gcsRunner: CheckRunner<GcsSpec> = {
  type: 'gcs',
  schema,
  endpoint: (s) => s.path,
  run: (spec, ctx) => listObjectFolder(spec, ctx),
};
