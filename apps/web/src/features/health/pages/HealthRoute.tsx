import { useAbout } from '../../../api/platform.js';
import { Guard } from '../../../auth/Guard.js';
import { HealthPage } from './HealthPage.js';

/**
 * /health: guarded by canaries:read, except in the standalone checker (APP_MODE=checker),
 * which shows the summary to anyone without a session.
 */
export function HealthRoute({ embedded = false }: { embedded?: boolean }) {
  const about = useAbout();
  if (about.isPending) return null;
  if (about.data?.appMode === 'checker') return <HealthPage checker />;
  return (
    <Guard resource="canaries" action="read" showUnauthorized>
      <HealthPage embedded={embedded} />
    </Guard>
  );
}

/**
 * /view/health: the dashboard alone, without sidebar or top bar, for embedding in another
 * page (doc 1 §2's embedded mode); the check panel leaves out its evidence action there.
 */
export function EmbeddedHealthRoute() {
  return (
    <main className="h-full overflow-auto bg-canvas p-3">
      <HealthRoute embedded />
    </main>
  );
}
