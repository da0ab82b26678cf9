import { scheduleSchema } from '@opsdeck/shared';
import { withCreatedBy } from '../platform/created-by-hook.js';
import type { DataRow } from '../platform/data-write-hook.js';
import { specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { fileAccess } from '../sandbox/file-roots.js';
import { LoggingBackendSpecError, parseLoggingBackendSpec } from './logging-backend-spec.js';
import { backendReachProblems } from './reach.js';

/**
 * Writes to /api/db/logging_backends: the spec must validate before anything is stored (a
 * LoggingBackend document is unwrapped: metadata fills name, namespace and labels), and stay
 * within what the server lets specs reach (file roots, kubeconfigs). Nothing follows from a
 * backend: the logs area reads the table when it searches.
 */
export const loggingBackendWriteHook = withCreatedBy(
  specResourceWriteHook({
    scheduleSchema,
    specError: LoggingBackendSpecError,
    parseSpec(input) {
      const { spec, metadata } = parseLoggingBackendSpec(input ?? {});
      const defaults: DataRow = {};
      if (metadata.name) defaults.name = metadata.name;
      if (metadata.namespace) defaults.namespace = metadata.namespace;
      if (metadata.labels) defaults.labels = metadata.labels;
      return { spec, defaults };
    },
    async reachProblem(spec, w) {
      const problems = await backendReachProblems(spec, fileAccess(w.ctx.config));
      return problems.length ? `spec: ${problems.join('; ')}` : undefined;
    },
    async sync() {},
  }),
);
