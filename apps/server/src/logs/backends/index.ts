import type { LoggingBackendEntry } from '@opsdeck/shared';
import { elasticsearchBackend, opensearchBackend } from './elasticsearch.js';
import { fileBackend } from './file.js';
import { kubernetesBackend } from './kubernetes.js';
import { lokiBackend } from './loki.js';
import { LogBackendError, type LogBatch, type LogBackendContext, type LogQuery } from './types.js';

export { LogBackendError, type LogBackendContext, type LogBatch, type LogQuery } from './types.js';

/** The kind an entry is (the one key it sets). */
export function kindOf(entry: LoggingBackendEntry): string {
  return Object.keys(entry).find((k) => entry[k as keyof LoggingBackendEntry] !== undefined) ?? 'unknown';
}

/** Runs one backend entry of a spec through the implementation of its kind. */
export function searchEntry(
  entry: LoggingBackendEntry,
  q: LogQuery,
  ctx: LogBackendContext,
): Promise<LogBatch> {
  if (entry.file) return fileBackend.search(entry.file, q, ctx);
  if (entry.kubernetes) return kubernetesBackend.search(entry.kubernetes, q, ctx);
  if (entry.elasticsearch) return elasticsearchBackend.search(entry.elasticsearch, q, ctx);
  if (entry.opensearch) return opensearchBackend.search(entry.opensearch, q, ctx);
  if (entry.loki) return lokiBackend.search(entry.loki, q, ctx);
  // CloudWatch needs AWS, which an offline console cannot reach.
  return Promise.reject(new LogBackendError(`${kindOf(entry)} backends are not supported`));
}
