import { permissionsFor } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { isFeatureDisabled } from '../auth/features.js';
import { visibleNav } from './nav.js';
import { featureRoutes, navEntries } from './registry.js';

const admin = { permissions: permissionsFor(['admin']), roles: ['admin'] };

function settingsLabels(flags: { name: string; value: string }[] = [], who = admin): string[] {
  return visibleNav(navEntries, {
    ...who,
    isDisabled: (f) => f !== undefined && isFeatureDisabled(flags, f),
  }).settings.map((e) => e.label);
}

/** The real Settings submenu, as the areas that exist register it. */
describe('the Settings submenu', () => {
  it('lists the settings pages and the config tables, sorted by name', () => {
    const labels = settingsLabels();
    expect(labels).toEqual(
      expect.arrayContaining([
        'Catalog Scrapers',
        'Event Queue',
        'Feature Flags',
        'Health Checks',
        'Incident Rules',
        'Jobs History',
        'Log Backends',
        'Notifications',
        'Teams',
        'Topologies',
        'Users',
      ]),
    );
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('links only to pages that exist', () => {
    const paths = new Set(featureRoutes.map((r) => `/${r.path ?? ''}`));
    for (const e of navEntries.filter((n) => n.section === 'settings'))
      expect(paths, `${e.label} → ${e.href}`).toContain(e.href);
  });

  it('hides each entry when its feature, or the feature it follows, is disabled', () => {
    const off = (name: string) => [{ name: `${name}.disable`, value: 'true' }];
    const hidden = (flag: string) => {
      const all = settingsLabels();
      const shown = settingsLabels(off(flag));
      return all.filter((l) => !shown.includes(l));
    };
    expect(hidden('topology')).toEqual(['Topologies']);
    expect(hidden('settings.topology')).toEqual(['Topologies']);
    expect(hidden('config')).toEqual(['Catalog Scrapers']);
    expect(hidden('health')).toEqual(['Health Checks', 'Jobs History']);
    expect(hidden('logs')).toEqual(['Log Backends']);
    expect(hidden('incidents')).toEqual(['Incident Rules']);
    // The spec's Settings feature names (doc 1 §6).
    expect(hidden('settings.rules')).toEqual(['Incident Rules']);
    expect(hidden('settings.logging_backends')).toEqual(['Log Backends']);
    expect(hidden('settings.connections')).toEqual(['Connections']);
    expect(hidden('settings.users')).toEqual(['Users']);
    expect(hidden('settings.feature_flags')).toEqual(['Feature Flags']);
    expect(hidden('settings.event_queue_status')).toEqual(['Event Queue']);
    expect(hidden('settings.integrations')).toEqual(['Integrations']);
    expect(hidden('settings.job_history')).toEqual(['Jobs History']);
    expect(hidden('settings.notifications')).toEqual(['Notifications']);
    expect(hidden('settings.teams')).toEqual(['Teams']);
  });

  it('hides each entry from those who may not read its table', () => {
    const all = settingsLabels();
    const withoutLogsAndIncidents = {
      permissions: admin.permissions.filter((p) => p !== 'logging_backends:read' && p !== 'incident:read'),
      roles: ['admin'],
    };
    expect(all.filter((l) => !settingsLabels([], withoutLogsAndIncidents).includes(l))).toEqual([
      'Incident Rules',
      'Log Backends',
    ]);
  });
});
