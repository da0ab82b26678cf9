import type { SettingsTable } from '../../ui/settings-resource/types.js';

/** Teams on the generic settings pages: name, icon and spec, opening on their members. */
export const TEAMS_TABLE: SettingsTable = {
  table: 'teams',
  title: 'Teams',
  resourceName: 'Team',
  resource: 'database',
  feature: 'settings.teams',
  columns: ['name', 'source', 'created_at', 'updated_at', 'created_by'],
  fields: ['icon'],
  hasAgent: false,
  defaultTab: 'manageTeam',
  deleteQuestion: (name) => `Delete '${name}' and its member list?`,
};
