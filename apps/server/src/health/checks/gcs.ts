import { RUNNABLE_CHECK_SCHEMAS } from '@opsdeck/shared';
import type { z } from 'zod';
import { listObjectFolder } from './object-folder.js';
import { type CheckRunner, fail } from './types.js';

const schema = RUNNABLE_CHECK_SCHEMAS.gcs;
type GcsSpec = z.infer<typeof schema>;

/** gcs: the folder check over `gcs://bucket/prefix` (canary-checker writes it as a folder check too). */
export const gcsRunner: CheckRunner<GcsSpec> = {
  type: 'gcs',
  schema,
  endpoint: (s) => s.path ?? s.connection ?? '',
  run: (spec, ctx) =>
    spec.path
      ? listObjectFolder(spec, ctx)
      : Promise.resolve(fail('path (gcs://bucket/prefix) is required, or a connection that names a bucket')),
};
