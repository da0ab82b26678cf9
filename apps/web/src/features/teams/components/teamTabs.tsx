import type { SettingsTable } from '../../../ui/settings-resource/types.js';
import { TeamMembers } from './TeamMembers.js';

/** The team page's manageTeam tab, loaded with the page. */
export const TEAM_EXTRAS: Partial<SettingsTable> = {
  extraTabs: [
    {
      value: 'manageTeam',
      label: 'Manage Team',
      render: (row, canWrite) => <TeamMembers teamId={row.id} canWrite={canWrite} />,
    },
  ],
};
