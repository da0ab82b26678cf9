import { permissionsFor, type Resource } from '@opsdeck/shared';
import { ListChecks } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { isFeatureDisabled } from '../auth/features.js';
import type { NavEntry } from '../platform/feature.js';
import { visibleNav } from './nav.js';
import { hasArea, homePath, navEntries } from './registry.js';

/** A nav entry at /{id}; only what the sidebar rules read varies. */
function entry(
  id: string,
  label: string,
  section: NavEntry['section'],
  resource: Resource,
  more: Partial<NavEntry> = {},
): NavEntry {
  return { id, label, href: `/${id}`, icon: ListChecks, resource, section, ...more };
}

const entries: NavEntry[] = [
  entry('health', 'Health', 'main', 'canaries', { feature: 'health', order: 20 }),
  entry('topology', 'Dashboard', 'main', 'topologies', { feature: 'topology', order: 10 }),
  entry('jobs', 'Jobs History', 'settings', 'database', { feature: 'settings.job_history' }),
  entry('conn', 'Connections', 'settings', 'connections'),
];

const never = () => false;

describe('sidebar entries', () => {
  it('orders main entries and sorts settings entries by name', () => {
    const nav = visibleNav(entries, {
      permissions: permissionsFor(['admin']),
      roles: ['admin'],
      isDisabled: never,
    });
    expect(nav.main.map((e) => e.label)).toEqual(['Dashboard', 'Health']);
    expect(nav.settings.map((e) => e.label)).toEqual(['Connections', 'Jobs History']);
  });

  it('hides entries without read permission, and Settings for viewers', () => {
    const editor = visibleNav(entries, {
      permissions: permissionsFor(['commander']),
      roles: ['commander'],
      isDisabled: never,
    });
    expect(editor.settings.map((e) => e.label)).toEqual(['Jobs History']);
    const viewer = visibleNav(entries, {
      permissions: permissionsFor(['viewer']),
      roles: ['viewer'],
      isDisabled: never,
    });
    expect(viewer.main).toHaveLength(2);
    expect(viewer.settings).toEqual([]);
    expect(
      visibleNav(entries, { permissions: permissionsFor([]), roles: [], isDisabled: never }).settings,
    ).toEqual([]);
  });

  it('hides entries whose feature is disabled, including through the parent feature', () => {
    const props = [{ name: 'health.disable', value: 'true' }];
    const nav = visibleNav(entries, {
      permissions: permissionsFor(['admin']),
      roles: ['admin'],
      isDisabled: (f) => f !== undefined && isFeatureDisabled(props, f),
    });
    expect(nav.main.map((e) => e.label)).toEqual(['Dashboard']);
    // settings.job_history follows health.
    expect(nav.settings.map((e) => e.label)).toEqual(['Connections']);
    expect(isFeatureDisabled([{ name: 'health.disable', value: 'false' }], 'health')).toBe(false);
  });

  it('hides the Catalog entry (and Catalog Scrapers) when the catalog feature (config) is disabled', () => {
    const props = [{ name: 'config.disable', value: 'true' }];
    const nav = visibleNav(navEntries, {
      permissions: permissionsFor(['admin']),
      roles: ['admin'],
      isDisabled: (f) => f !== undefined && isFeatureDisabled(props, f),
    });
    const labels = [...nav.main, ...nav.settings].map((e) => e.label);
    expect(labels).not.toContain('Catalog');
    expect(labels).not.toContain('Catalog Scrapers');
    expect(labels).toContain('Health');
  });

  it("sends '/' to /topology when it exists, else to the first main entry", () => {
    expect(homePath(entries, [{ path: 'topology' }])).toBe('/topology');
    expect(
      homePath(
        entries.filter((e) => e.id !== 'topology'),
        [{ path: 'health' }],
      ),
    ).toBe('/health');
    expect(hasArea('notifications', [{ path: 'notifications/rules' }])).toBe(true);
    expect(hasArea('notifications', [{ path: 'settings/jobs' }])).toBe(false);
  });
});
