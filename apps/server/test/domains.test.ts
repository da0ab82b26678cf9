import { describe, expect, it } from 'vitest';
import { domains } from '../src/domains.js';
import { jobsOf, seedsOf, writeHooksOf, type DomainModule } from '../src/platform/domain.js';

/** The one list of domains feeds the scheduler, the demo seeds and the data API's write hooks. */
describe('the domain list', () => {
  it('runs the demo seeds in their order, under the names demo_seeds has recorded', () => {
    expect(seedsOf(domains).map((s) => s.name)).toEqual([
      'people',
      'connections',
      'health',
      'health-history',
      'catalog',
      'topology',
      'logs',
      'notifications',
      'maintenance',
      'incidents',
      'playbooks',
      'status-pages',
      'feature-flags-demo',
      'health-file-roots',
      'catalog-file-roots',
      'incidents-demo',
      'playbooks-script-env',
    ]);
  });

  it('gives the scheduler every domain’s jobs, under the names job_history has recorded', () => {
    expect(jobsOf(domains).map((j) => j.name)).toEqual([
      'CleanupJobHistory',
      'CleanupAuthRateLimits',
      'SealConnectionUrls',
      'CanaryScheduler',
      'CheckStatusRollup',
      'CleanupCheckStatuses',
      'CheckConfigLinks',
      'ConfigScrapeScheduler',
      'DemoCatalogActivity',
      'CatalogChangeCounts',
      'CleanupConfigChanges',
      'TopologyScheduler',
      'TopologyStatusRefresh',
      'DemoLogActivity',
      'ProcessPendingNotifications',
      'CleanupNotificationHistory',
      'MaintenanceWindows',
      'EvaluateEvidence',
      'IncidentRules',
      'PlaybookSchedules',
      'PlaybookRunEngine',
      'CleanupPlaybookRuns',
      'AgentPushUpstream',
      'AgentPingUpstream',
      'AgentPullUpstream',
      'AgentLocatedChecks',
      'AgentPlaybookActions',
      'EventConsumer',
      'CleanupFailedEvents',
    ]);
  });

  it('hooks writes to the tables of auth, connections, health, catalog, topology, logs, notifications, maintenance, incidents, playbooks and status pages', () => {
    expect(Object.keys(writeHooksOf(domains)).sort()).toEqual([
      'agents',
      'canaries',
      'comments',
      'config_scrapers',
      'connections',
      'evidences',
      'hypotheses',
      'incident_rules',
      'incidents',
      'logging_backends',
      'maintenance_windows',
      'notification_silences',
      'notifications',
      'people',
      'playbooks',
      'responders',
      'status_pages',
      'teams',
      'topologies',
    ]);
  });

  it('has one module per name', () => {
    const names = domains.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses two domains hooking one table or seeding under one name', () => {
    const hook = { beforeWrite: async (rows: Record<string, unknown>[]) => rows };
    const a: DomainModule = {
      name: 'a',
      writeHooks: { things: hook },
      seeds: [{ name: 'x', run: async () => {} }],
    };
    const b: DomainModule = {
      name: 'b',
      writeHooks: { things: hook },
      seeds: [{ name: 'x', run: async () => {} }],
    };
    expect(() => writeHooksOf([a, b])).toThrow('Two domains declare the write hook for table "things"');
    expect(() => seedsOf([a, b])).toThrow('Two domains declare the demo seed "x"');
  });
});
