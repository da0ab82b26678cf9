import { useCallback, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { hasPermission } from '../auth/permissions.js';
import { useFeatureCheck } from '../auth/features.js';
import { useWhoami } from '../auth/whoami.js';
import { CommandPalette, usePaletteShortcut } from './CommandPalette.js';
import { visibleNav } from './nav.js';
import { hasArea, navEntries, searchSources } from './registry.js';
import { ErrorPanel } from './RouteError.js';
import { Sidebar } from './Sidebar.js';
import { TopBar } from './TopBar.js';
import { useSidebar } from './useSidebar.js';
import { useTheme } from './theme.js';

/** The frame around every signed-in page: sidebar, top bar, command palette. */
export function Shell() {
  useTheme();
  const me = useWhoami();
  const isDisabled = useFeatureCheck();
  const sidebar = useSidebar();
  const [paletteOpen, setPaletteOpen] = useState(false);
  const togglePalette = useCallback(() => setPaletteOpen((o) => !o), []);
  usePaletteShortcut(togglePalette);

  const nav = visibleNav(navEntries, {
    permissions: me.data?.permissions ?? [],
    roles: me.data?.roles ?? [],
    isDisabled,
  });
  const sources = useMemo(
    () =>
      searchSources.filter(
        (s) => !s.resource || hasPermission(me.data?.permissions ?? [], s.resource, 'read'),
      ),
    [me.data],
  );

  return (
    <div className="flex h-full">
      <Sidebar
        main={nav.main}
        settings={nav.settings}
        collapsed={sidebar.collapsed}
        narrow={sidebar.narrow}
        onToggle={sidebar.toggle}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          showBell={hasArea('notifications') && !isDisabled('notifications')}
          onOpenSearch={() => setPaletteOpen(true)}
        />
        <main className="min-h-0 flex-1 overflow-auto">
          {me.isError ? <ErrorPanel error={me.error} /> : me.data ? <Outlet /> : null}
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
