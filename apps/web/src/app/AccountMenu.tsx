import { useHostedMode, useWhoami } from '../auth/whoami.js';
import { OrganisationSwitcher } from './OrganisationSwitcher.js';
import { UserMenu } from './UserMenu.js';

/**
 * The top bar's account corner: the user menu; in the hosted organisation mode with
 * organisations, the organisation switcher next to it, the user menu being the user button.
 */
export function AccountMenu() {
  const hosted = useHostedMode();
  const organisations = useWhoami().data?.organisations ?? [];
  return (
    <>
      {hosted && organisations.length > 0 ? <OrganisationSwitcher organisations={organisations} /> : null}
      <UserMenu />
    </>
  );
}
