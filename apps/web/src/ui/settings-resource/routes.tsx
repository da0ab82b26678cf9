import type { LucideIcon } from 'lucide-react';
import type { RouteObject } from 'react-router';
import type { NavEntry } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import type { SettingsTable } from './types.js';

/**
 * What a table's pages need beyond its description, loaded with the pages rather than with
 * the app (spec checks bring the spec's schema, extra tabs their own widgets).
 */
export type SettingsTableExtras = () => Promise<Partial<SettingsTable>>;

async function complete(t: SettingsTable, extras?: SettingsTableExtras): Promise<SettingsTable> {
  return extras ? { ...t, ...(await extras()) } : t;
}

/**
 * The routes of one settings table: the list (read), the add form (write) and a row's page
 * (read), each a lazy page of the generic settings pages.
 */
export function settingsTableRoutes(t: SettingsTable, extras?: SettingsTableExtras): RouteObject[] {
  const read = { resource: t.resource, action: 'read' } as const;
  const write = { resource: t.resource, action: 'write' } as const;
  const detail = async () => {
    const [{ SettingsDetailPage }, table] = await Promise.all([
      import('./SettingsDetailPage.js'),
      complete(t, extras),
    ]);
    return function SettingsTableDetail() {
      return <SettingsDetailPage table={table} />;
    };
  };
  return [
    {
      path: `settings/${t.table}`,
      ...lazyPage(async () => {
        const { SettingsListPage } = await import('./SettingsListPage.js');
        return function SettingsTableList() {
          return <SettingsListPage table={t} />;
        };
      }, read),
    },
    { path: `settings/${t.table}/new`, ...lazyPage(detail, write) },
    { path: `settings/${t.table}/:id`, ...lazyPage(detail, read) },
  ];
}

/** The table's entry in the Settings submenu: hidden when its feature is off or it may not be read. */
export function settingsTableNav(t: SettingsTable, icon: LucideIcon): NavEntry {
  return {
    id: `settings-${t.table}`,
    label: t.title,
    href: `/settings/${t.table}`,
    icon,
    resource: t.resource,
    feature: t.feature,
    section: 'settings',
  };
}
