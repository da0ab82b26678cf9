import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../api/types.js';
import type { DashboardGroup } from '../api/dashboard.js';
import { buildRows, groupByOptions, groupKey, labelOptions, tabByOptions, tabsFrom } from './checks.js';

function check(over: Partial<CheckSummary> & { id: string; name: string }): CheckSummary {
  return {
    canary_id: 'c1',
    canary_name: 'web',
    namespace: 'default',
    status: 'healthy',
    labels: {},
    ...over,
  };
}

const checks = [
  check({ id: '1', name: 'api/health', namespace: 'prod', labels: { team: 'core', critical: 'true' } }),
  check({ id: '2', name: 'api/login', namespace: 'prod', status: 'unhealthy', labels: { team: 'core' } }),
  check({
    id: '3',
    name: 'db',
    namespace: '',
    canary_name: 'data',
    type: 'postgres',
    labels: { team: 'data' },
  }),
  check({ id: '4', name: 'cache', namespace: 'dev', canary_name: 'data', endpoint: 'redis://cache:6379' }),
];

describe('group by and tab by', () => {
  it('offers the built-in groupings, then one per label key', () => {
    expect(groupByOptions(['critical', 'team']).map((o) => o.label)).toEqual([
      'No Grouping',
      'Group Name',
      'Name',
      'Description',
      'Type',
      'critical',
      'team',
    ]);
    expect(tabByOptions(['team']).map((o) => o.label)).toEqual(['Namespace', 'Agent', 'team']);
  });

  it('groups by canary name, name prefix before a slash, type and label', () => {
    expect(groupKey(checks[0]!, 'canary_name')).toBe('web');
    expect(groupKey(checks[0]!, 'name')).toBe('api');
    expect(groupKey(checks[2]!, 'name')).toBe('db');
    expect(groupKey(checks[2]!, 'type')).toBe('postgres');
    expect(groupKey(checks[1]!, 'team')).toBe('core');
  });

  it("puts 'All' first with every check counted, then the server's tabs in alphabetical order", () => {
    expect(
      tabsFrom([
        { value: 'prod', count: 2 },
        { value: 'dev', count: 1 },
        { value: 'none', count: 1 },
      ]),
    ).toEqual([
      { value: 'All', count: 4 },
      { value: 'dev', count: 1 },
      { value: 'none', count: 1 },
      { value: 'prod', count: 2 },
    ]);
  });
});

const group = (key: string, over: Partial<DashboardGroup> = {}): [string, DashboardGroup] => [
  key,
  { key, count: 2, health: 'mixed', passed: 4, failed: 4, latency: 12, last_transition_time: null, ...over },
];

describe('rows of the table', () => {
  const page = [
    check({ id: 'a', name: 'a', uptime: { passed: 3, failed: 1 } }),
    check({ id: 'b', name: 'b', status: 'unhealthy', uptime: { passed: 1, failed: 3 } }),
    check({ id: 'c', name: 'c', canary_name: 'solo' }),
  ];

  it("puts the server's group row, with the whole group's figures, above its checks, and folds it", () => {
    const groups = new Map([group('web'), group('solo', { count: 1, health: 'healthy' })]);
    const rows = buildRows(page, 'canary_name', groups, new Set());
    // A group of one shows just its check.
    expect(rows.map((r) => r.kind)).toEqual(['group', 'check', 'check', 'check']);
    const first = rows[0];
    expect(first?.kind === 'group' && first.health).toBe('mixed');
    expect(first?.kind === 'group' && first.uptime).toEqual({ passed: 4, failed: 4 });
    expect(buildRows(page, 'canary_name', groups, new Set(['group:web'])).map((r) => r.id)).toEqual([
      'group:web',
      'c',
    ]);
  });

  it('keeps the order the server sent without grouping', () => {
    expect(buildRows(page, 'no_group', new Map(), new Set()).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('label options', () => {
  it('sorts keys and values and tells boolean labels apart (they become toggles)', () => {
    const options = labelOptions([
      { key: 'team', values: ['data', 'core'] },
      { key: 'critical', values: ['true'] },
    ]);
    expect(options).toEqual([
      { key: 'critical', values: ['true'], boolean: true },
      { key: 'team', values: ['core', 'data'], boolean: false },
    ]);
  });
});
