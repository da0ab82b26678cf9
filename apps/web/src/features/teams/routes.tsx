import { UsersRound } from 'lucide-react';
import type { FeatureModule } from '../../platform/feature.js';
import { settingsTableNav, settingsTableRoutes } from '../../ui/settings-resource/routes.js';
import { TEAMS_TABLE } from './settingsTable.js';

/** Settings → Teams: the generic settings pages, with the manageTeam tab. */
export const feature: FeatureModule = {
  routes: settingsTableRoutes(TEAMS_TABLE, () =>
    import('./components/teamTabs.js').then((m) => m.TEAM_EXTRAS),
  ),
  nav: [settingsTableNav(TEAMS_TABLE, UsersRound)],
};
