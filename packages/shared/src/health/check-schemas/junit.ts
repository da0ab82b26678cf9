import { z } from 'zod';
import { common, type LazySchema } from './common.js';

const build = () =>
  z
    .object({
      ...common(),
      /** A folder of JUnit XML files, one file, or a glob (`reports/**\/*.xml`), inside the file roots. */
      testResults: z.string().min(1, 'testResults is required'),
      /** canary-checker's test pod; stored, not run here (the results must already be on disk). */
      spec: z.record(z.string(), z.unknown()).optional(),
    })
    .loose();

/** canary-checker's `junit` check: reads JUnit XML reports and passes when nothing failed. */
export const junitCheckSchema: LazySchema<ReturnType<typeof build>> = z.lazy(build);
export type JunitCheckSpec = z.infer<typeof junitCheckSchema>;
