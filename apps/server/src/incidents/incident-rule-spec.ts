import { incidentRuleResourceSchema, incidentRuleSpecSchema, type IncidentRuleSpec } from '@opsdeck/shared';
import { parseSpecDocument, type DocumentMetadata } from '../lib/spec-document.js';

export class IncidentRuleSpecError extends Error {}

/**
 * Reads an incident rule spec as users give it (object or YAML, bare spec or a whole
 * IncidentRule document); throws IncidentRuleSpecError naming the field.
 */
export function parseIncidentRuleSpec(input: unknown): {
  spec: IncidentRuleSpec;
  metadata: DocumentMetadata;
} {
  return parseSpecDocument(
    input,
    { spec: incidentRuleSpecSchema, document: incidentRuleResourceSchema },
    IncidentRuleSpecError,
  );
}
