import os from 'node:os';
import type { ExecuteOptions } from '../../src/health/run-check.js';

/** Options for running checks directly (executeCheck) against loopback peers. */
export const directOpts: ExecuteOptions = {
  defaultTimeoutMs: 20_000,
  sandbox: {
    scripts: { disabled: false, user: 'nobody' },
    files: { roots: [os.tmpdir()], baseDir: os.tmpdir() },
  },
  templateVars: {},
};
