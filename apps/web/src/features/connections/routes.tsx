import { connectionType } from '@opsdeck/shared';
import { Plug } from 'lucide-react';
import { z } from 'zod';
import type { FeatureModule } from '../../platform/feature.js';
import { lazyPage } from '../../platform/lazyPage.js';
import { ConnectionRoute } from './pages/ConnectionRoute.js';
import { tableSearchSource } from '../../platform/searchSource.js';

/**
 * Settings → Connections (docs/connections.md). The sidebar entry needs read on connections; the page
 * itself also opens for everyone who reads the database, who get the read-only list
 * (`connections_list` holds no secrets).
 */
export const feature: FeatureModule = {
  routes: [
    {
      path: 'settings/connections',
      ...lazyPage(() => import('./pages/ConnectionsPage.js').then((m) => m.ConnectionsPage), {
        resource: ['connections', 'database'],
        action: 'read',
      }),
    },
    // One connection's own address: the list with its dialog open (?connection=).
    { path: 'settings/connections/:id', element: <ConnectionRoute /> },
  ],
  nav: [
    {
      id: 'settings-connections',
      label: 'Connections',
      href: '/settings/connections',
      icon: Plug,
      resource: 'connections',
      feature: 'settings.connections',
      section: 'settings',
    },
  ],
  searchSources: [
    tableSearchSource({
      id: 'connections',
      label: 'Connections',
      resource: 'connections',
      table: 'connections_list',
      select: 'id,name,type',
      row: z.object({ id: z.string(), name: z.string(), type: z.string() }),
      // The view lists live connections only.
      skipDeleted: false,
      icon: Plug,
      toResult: (c) => ({
        id: c.id,
        title: c.name,
        subtitle: connectionType(c.type)?.title ?? c.type,
        href: `/settings/connections?connection=${encodeURIComponent(c.id)}`,
      }),
    }),
  ],
};
