import {
  loggingBackendResourceSchema,
  loggingBackendSpecSchema,
  type LoggingBackendSpec,
} from '@opsdeck/shared';
import { parseSpecDocument, type DocumentMetadata } from '../lib/spec-document.js';

export class LoggingBackendSpecError extends Error {}

/**
 * Reads a logging backend spec as users give it (object or YAML, bare spec or a whole
 * LoggingBackend document); throws LoggingBackendSpecError naming the field.
 */
export function parseLoggingBackendSpec(input: unknown): {
  spec: LoggingBackendSpec;
  metadata: DocumentMetadata;
} {
  return parseSpecDocument(
    input,
    { spec: loggingBackendSpecSchema, document: loggingBackendResourceSchema },
    LoggingBackendSpecError,
  );
}
