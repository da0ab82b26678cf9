import { useAbout } from '../../../api/platform.js';
import { Guard } from '../../../auth/Guard.js';
import { HealthPage } from './HealthPage.js';

/**
 * /health: guarded by canaries:read, except in the standalone checker (APP_MODE=checker),
 * which shows the summary to anyone without a session.
 */
export function HealthRoute() {
  const about = useAbout();
  if (about.isPending) return null;
  if (about.data?.appMode === 'checker') return <HealthPage checker />;
  return (
    <Guard resource="canaries" action="read" showUnauthorized>
      <HealthPage />
    </Guard>
  );
}
