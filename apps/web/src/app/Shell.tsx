import { useCallback, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { HttpError } from '../api/errors.js';
import { useAbout } from '../api/platform.js';
import { hasPermission } from '../auth/permissions.js';
import { useFeatureCheck } from '../auth/features.js';
import { useHostedMode, useWhoami, type Whoami } from '../auth/whoami.js';
import { PHONE_QUERY, useMediaQuery } from '../lib/useMediaQuery.js';
import { Drawer } from '../ui/Drawer.js';
import { CommandPalette, usePaletteShortcut } from './CommandPalette.js';
import { visibleNav } from './nav.js';
import { hasArea, navEntries, searchSources, topBarItems } from './registry.js';
import { isProvisioningStatus, ProvisioningScreen } from './ProvisioningScreen.js';
import { ErrorPanel } from './RouteError.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';
import { useSidebar } from './useSidebar.js';

/**
 * The frame around every page. The standalone checker (APP_MODE=checker) has no session and
 * serves only the health summary, so it gets the health page alone, without sidebar or top bar.
 */
export function Shell() {
  const about = useAbout();
  if (about.isPending) return <div className="h-full bg-canvas" />;
  if (about.data?.appMode === 'checker') return <CheckerShell />;
  return <SignedInShell />;
}

function CheckerShell() {
  const { pathname } = useLocation();
  return (
    <main className="h-full overflow-auto">
      {pathname === '/health' ? <Outlet /> : <Navigate to="/health" replace />}
    </main>
  );
}

/**
 * Nothing that needs a session (flags, the bell, the palette's sources) is asked for before
 * whoami has found one: signed out, its 401 (which goes to the sign-in page) is the only call.
 */
function SignedInShell() {
  const me = useWhoami();
  const hosted = useHostedMode();
  const { refetch } = me;
  const retry = useCallback(() => void refetch(), [refetch]);
  // Hosted mode: organisations of the user's, none of them this console: choose one first.
  const organisations = me.data?.organisations ?? [];
  if (me.data && hosted && organisations.length > 0 && !organisations.some((o) => o.current))
    return <Navigate to="/organizations/select" replace />;
  if (me.data) return <SignedInFrame me={me.data} />;
  // Hosted mode: a 5xx or 404 from whoami means the instance is still being set up.
  const provisioning = hosted && me.error instanceof HttpError && isProvisioningStatus(me.error.status);
  return (
    <main className="h-full overflow-auto bg-canvas">
      {provisioning ? (
        <ProvisioningScreen onRetry={retry} />
      ) : me.isError ? (
        <ErrorPanel error={me.error} />
      ) : null}
    </main>
  );
}

/** The frame around every signed-in page: sidebar, top bar, command palette. */
function SignedInFrame({ me }: { me: Whoami }) {
  const isDisabled = useFeatureCheck();
  const sidebar = useSidebar();
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname } = useLocation();
  // The page the menu was opened on: going anywhere else (palette, a link) closes it.
  const [menuAt, setMenuAt] = useState<string | null>(null);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const togglePalette = useCallback(() => setPaletteOpen((o) => !o), []);
  usePaletteShortcut(togglePalette);

  const nav = visibleNav(navEntries, {
    permissions: me.permissions,
    roles: me.roles,
    isDisabled,
  });
  const sources = useMemo(
    () => searchSources.filter((s) => !s.resource || hasPermission(me.permissions, s.resource, 'read')),
    [me.permissions],
  );

  return (
    <div className="flex h-full">
      {phone ? (
        <Drawer open={menuAt === pathname} onOpenChange={(o) => setMenuAt(o ? pathname : null)} title="Menu">
          <Sidebar
            main={nav.main}
            settings={nav.settings}
            collapsed={false}
            narrow
            onToggle={sidebar.toggle}
            drawer
            onNavigate={() => setMenuAt(null)}
          />
        </Drawer>
      ) : (
        <Sidebar
          main={nav.main}
          settings={nav.settings}
          collapsed={sidebar.collapsed}
          narrow={sidebar.narrow}
          onToggle={sidebar.toggle}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          showBell={hasArea('notifications') && !isDisabled('notifications')}
          items={topBarItems}
          onOpenSearch={() => setPaletteOpen(true)}
          onOpenMenu={phone ? () => setMenuAt(pathname) : undefined}
        />
        <main className="min-h-0 flex-1 overflow-auto">
          <Outlet />
        </main>
      </div>
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        sources={sources}
        pages={[...nav.main, ...nav.settings]}
      />
    </div>
  );
}
