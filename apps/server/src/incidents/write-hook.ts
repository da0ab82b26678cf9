import { scheduleSchema } from '@opsdeck/shared';
import { withCreatedBy } from '../platform/created-by-hook.js';
import { specResourceWriteHook } from '../platform/spec-resource-hook.js';
import { IncidentRuleSpecError, parseIncidentRuleSpec } from './incident-rule-spec.js';

/**
 * Writes to /api/db/incident_rules: the spec must validate before anything is stored. Rules
 * have a name but no namespace or labels, so of a document's metadata only the name is used.
 */
export const incidentRuleWriteHook = withCreatedBy(
  specResourceWriteHook({
    scheduleSchema,
    specError: IncidentRuleSpecError,
    parseSpec(input) {
      const { spec, metadata } = parseIncidentRuleSpec(input ?? {});
      return { spec, defaults: metadata.name ? { name: metadata.name } : {} };
    },
    async sync() {},
  }),
);
