import type { SettingsTable } from '../../../ui/settings-resource/types.js';

/**
 * The resource tables served by the generic settings pages from this area. Teams
 * register theirs in their own area (with the manageTeam tab); canaries and scrapers have
 * dedicated pages. Spec checks and other page-only pieces load with the pages (specChecks.ts).
 */
export const SETTINGS_TABLES = {
  topologies: {
    table: 'topologies',
    title: 'Topologies',
    resourceName: 'Topology',
    resource: 'topologies',
    feature: 'settings.topology',
    columns: [
      'name',
      'source',
      'job_status',
      'last_runtime',
      'last_failed',
      'tags',
      'created_at',
      'updated_at',
      'created_by',
    ],
    fields: ['namespace', 'labels', 'schedule'],
    hasAgent: true,
    jobResourceType: 'topology',
    schemaUrl: '/api/schemas/topology.schema.json',
    deleteQuestion: (name) => `Delete '${name}' and the components it built?`,
  },
  logging_backends: {
    table: 'logging_backends',
    title: 'Log Backends',
    resourceName: 'Log Backend',
    resource: 'logging_backends',
    feature: 'settings.logging_backends',
    columns: ['name', 'source', 'tags', 'created_at', 'updated_at', 'created_by'],
    fields: ['namespace', 'labels'],
    hasAgent: true,
    schemaUrl: '/api/schemas/logging-backend.schema.json',
  },
  notifications: {
    table: 'notifications',
    title: 'Notifications',
    resourceName: 'Notification',
    resource: 'notifications',
    feature: 'settings.notifications',
    columns: ['name', 'source', 'created_at', 'updated_at', 'created_by'],
    fields: ['namespace'],
    hasAgent: false,
    schemaUrl: '/api/schemas/notification.schema.json',
    deleteQuestion: (name) => `Delete '${name}'? Its recipients will no longer be notified.`,
  },
  incident_rules: {
    table: 'incident_rules',
    title: 'Incident Rules',
    resourceName: 'Incident Rule',
    resource: 'incident',
    feature: 'settings.rules',
    columns: ['name', 'source', 'created_at', 'updated_at', 'created_by'],
    fields: [],
    hasAgent: false,
    schemaUrl: '/api/schemas/incident-rule.schema.json',
  },
} satisfies Record<string, SettingsTable>;

export type SettingsTableName = keyof typeof SETTINGS_TABLES;
