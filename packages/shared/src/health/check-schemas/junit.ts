import { z } from 'zod';
import { commonCheckFields } from './base.js';

/** canary-checker's `junit` check: reads JUnit XML reports and passes when nothing failed. */
export const junitCheckSchema = z
  .object({
    ...commonCheckFields,
    /** A folder of JUnit XML files, one file, or a glob (`reports/**\/*.xml`), inside the file roots. */
    testResults: z.string().min(1, 'testResults is required'),
    /** canary-checker's test pod; stored, not run here (the results must already be on disk). */
    spec: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

export type JunitCheckSpec = z.infer<typeof junitCheckSchema>;
