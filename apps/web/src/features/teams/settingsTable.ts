import type { SettingsTable } from '../../ui/settings-resource/types.js';
import { memberCount, MEMBERS_SELECT } from './memberCount.js';

/**
 * Teams on the generic settings pages: name, icon and spec, opening on their members. The list
 * draws each team's icon before its name and counts its members.
 */
export const TEAMS_TABLE: SettingsTable = {
  table: 'teams',
  title: 'Teams',
  resourceName: 'Team',
  resource: 'database',
  feature: 'settings.teams',
  columns: ['name', 'source', 'created_at', 'updated_at', 'created_by'],
  extraColumns: [
    { id: 'members', header: 'Members', size: 100, after: 'name', select: MEMBERS_SELECT, cell: memberCount },
  ],
  fields: ['icon'],
  hasAgent: false,
  defaultTab: 'manageTeam',
  deleteQuestion: (name) => `Delete '${name}' and its member list?`,
};
