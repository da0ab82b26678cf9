import {
  incidentRuleResourceSchema,
  incidentRuleSpecSchema,
  loggingBackendResourceSchema,
  loggingBackendSpecSchema,
  notificationResourceSchema,
  notificationSpecOf,
  notificationSpecSchema,
  topologyResourceSchema,
  topologySpecSchema,
} from '@opsdeck/shared';
import { zodSpecCheck } from '../../../ui/settings-resource/specCheck.js';
import type { SettingsTable } from '../../../ui/settings-resource/types.js';
import type { SettingsTableName } from './tables.js';
import { TOPOLOGY_TEMPLATES } from './topologyTemplates.js';

/** What each table's pages add to its description: the spec check, and how notifications read. */
export const TABLE_EXTRAS: Record<SettingsTableName, Partial<SettingsTable>> = {
  topologies: {
    checkSpec: zodSpecCheck('Topology', topologySpecSchema, topologyResourceSchema),
    templates: TOPOLOGY_TEMPLATES,
    guidedSpec: true,
  },
  logging_backends: {
    checkSpec: zodSpecCheck('LoggingBackend', loggingBackendSpecSchema, loggingBackendResourceSchema),
  },
  notifications: {
    checkSpec: zodSpecCheck('Notification', notificationSpecSchema, notificationResourceSchema),
    // The rule is kept in columns; the form edits the spec they say.
    specOf: notificationSpecOf,
  },
  incident_rules: {
    checkSpec: zodSpecCheck('IncidentRule', incidentRuleSpecSchema, incidentRuleResourceSchema),
  },
};
