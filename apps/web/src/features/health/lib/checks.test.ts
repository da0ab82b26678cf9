import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../api/types.js';
import {
  buildRows,
  buildSearchIndex,
  filterChecks,
  groupByOptions,
  groupHealth,
  groupKey,
  labelValues,
  matchesLabels,
  tabByOptions,
  tabsFor,
} from './checks.js';

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

  it("puts 'All' first, sorts the rest, and shows an empty namespace as 'none'", () => {
    expect(tabsFor(checks, 'namespace')).toEqual([
      { value: 'All', count: 4 },
      { value: 'dev', count: 1 },
      { value: 'none', count: 1 },
      { value: 'prod', count: 2 },
    ]);
    expect(tabsFor(checks, 'team').map((t) => t.value)).toEqual(['All', 'core', 'data', 'none']);
  });
});

describe('group health', () => {
  it("is 'mixed' when children differ and good only when all are healthy", () => {
    expect(groupHealth([checks[0]!, checks[1]!])).toBe('mixed');
    expect(groupHealth([checks[0]!, checks[2]!])).toBe('healthy');
    expect(groupHealth([checks[1]!])).toBe('unhealthy');
    expect(groupHealth([checks[0]!, check({ id: 'x', name: 'x', status: null })])).toBe('mixed');
  });

  it('builds a group row with summed uptime above its checks, and folds it', () => {
    const withUptime = [
      check({ id: 'a', name: 'a', uptime: { passed: 3, failed: 1 } }),
      check({ id: 'b', name: 'b', status: 'unhealthy', uptime: { passed: 1, failed: 3 } }),
    ];
    const rows = buildRows(withUptime, 'canary_name', { key: 'name', desc: false }, new Set());
    expect(rows.map((r) => r.kind)).toEqual(['group', 'check', 'check']);
    const group = rows[0];
    expect(group?.kind === 'group' && group.health).toBe('mixed');
    expect(group?.kind === 'group' && group.uptime).toEqual({ passed: 4, failed: 4 });
    const folded = buildRows(withUptime, 'canary_name', { key: 'name', desc: false }, new Set(['group:web']));
    expect(folded).toHaveLength(1);
    expect(
      buildRows(withUptime, 'no_group', { key: 'name', desc: true }, new Set()).map((r) => r.id),
    ).toEqual(['b', 'a']);
  });
});

describe('filters', () => {
  const index = buildSearchIndex(checks);
  const base = { tabBy: 'namespace', tab: 'All', query: '', status: '', labels: {} };

  it('searches name, description and endpoint', () => {
    expect(filterChecks(checks, index, { ...base, query: 'REDIS://' }).map((c) => c.id)).toEqual(['4']);
    expect(filterChecks(checks, index, { ...base, query: 'api/' }).map((c) => c.id)).toEqual(['1', '2']);
  });

  it('applies include and exclude label filters', () => {
    expect(matchesLabels(checks[0]!, { 'team=core': 1 })).toBe(true);
    expect(matchesLabels(checks[2]!, { 'team=core': 1 })).toBe(false);
    expect(matchesLabels(checks[0]!, { 'team=core': -1 })).toBe(false);
    expect(filterChecks(checks, index, { ...base, labels: { 'team=core': -1 } }).map((c) => c.id)).toEqual([
      '3',
      '4',
    ]);
  });

  it('tells boolean labels apart (they become toggles)', () => {
    const byKey = Object.fromEntries(labelValues(checks).map((l) => [l.key, l.boolean]));
    expect(byKey).toEqual({ critical: true, team: false });
  });
});
