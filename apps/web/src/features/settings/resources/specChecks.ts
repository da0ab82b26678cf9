import {
  incidentRuleResourceSchema,
  lintTopologyScripts,
  incidentRuleSpecSchema,
  loggingBackendResourceSchema,
  loggingBackendSpecSchema,
  LOGGING_BACKEND_KINDS,
  notificationResourceSchema,
  notificationSpecOf,
  notificationSpecSchema,
  topologyResourceSchema,
  topologySpecSchema,
} from '@opsdeck/shared';
import { yamlScriptWarnings } from '../../../lib/scriptWarnings.js';
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
    // Scripts in a forEach run once per looked-up item, whose names come from outside.
    specWarnings: (text) => yamlScriptWarnings(text, lintTopologyScripts),
  },
  logging_backends: {
    checkSpec: zodSpecCheck('LoggingBackend', loggingBackendSpecSchema, loggingBackendResourceSchema),
    // A list of backends, each one of its kinds: a card each, the kind chosen, its fields.
    guidedSpec: true,
    guidedGroups: true,
    guidedLists: { backends: LOGGING_BACKEND_KINDS },
  },
  notifications: {
    checkSpec: zodSpecCheck('Notification', notificationSpecSchema, notificationResourceSchema),
    // The rule is kept in columns; the form edits the spec they say.
    specOf: notificationSpecOf,
  },
  incident_rules: {
    checkSpec: zodSpecCheck('IncidentRule', incidentRuleSpecSchema, incidentRuleResourceSchema),
    // Its template, filter and timeouts are groups of plain fields: a form covers most rules.
    guidedSpec: true,
    guidedGroups: true,
    // The template's people, by email (docs/incidents.md).
    peopleFields: ['created_by', 'commander_id', 'communicator_id'],
  },
};
