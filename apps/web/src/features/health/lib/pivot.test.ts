import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../api/types.js';
import { buildPivot, OTHER_COLUMN, pivotOf } from './pivot.js';

function check(id: string, name: string, more: Partial<CheckSummary> = {}): CheckSummary {
  return { id, canary_id: 'c', canary_name: 'web', name, status: 'healthy', ...more };
}

describe('the pivot view', () => {
  it('reads pivotBy, pivotLabel and pivotCellType; labels need a label, the cell type defaults to uptime', () => {
    expect(pivotOf({ pivotBy: null, pivotLabel: null, pivotCellType: 'uptime' })).toBeNull();
    expect(pivotOf({ pivotBy: 'none', pivotLabel: null, pivotCellType: 'uptime' })).toBeNull();
    expect(pivotOf({ pivotBy: 'labels', pivotLabel: null, pivotCellType: 'latency' })).toBeNull();
    expect(pivotOf({ pivotBy: 'namespace', pivotLabel: null, pivotCellType: null })).toEqual({
      by: 'namespace',
      label: null,
      cell: 'uptime',
    });
    expect(pivotOf({ pivotBy: 'labels', pivotLabel: 'region', pivotCellType: 'checkStatuses' })).toEqual({
      by: 'labels',
      label: 'region',
      cell: 'health',
    });
    expect(pivotOf({ pivotBy: 'namespace', pivotLabel: null, pivotCellType: 'status' })?.cell).toBe('health');
    expect(pivotOf({ pivotBy: 'namespace', pivotLabel: null, pivotCellType: 'latency' })?.cell).toBe(
      'latency',
    );
    expect(
      pivotOf({ pivotBy: 'namespace', pivotLabel: null, pivotCellType: 'last_transition_time' })?.cell,
    ).toBe('transition');
  });

  it('makes a row per check name without grouping and a column per namespace, other last', () => {
    const checks = [
      check('1', 'home', { namespace: 'prod', uptime: { passed: 9, failed: 1 } }),
      check('2', 'home', { namespace: 'dev', status: 'unhealthy', uptime: { passed: 0, failed: 5 } }),
      check('3', 'login', { namespace: 'prod', latency: { p95: 300, rolling1h: 250 } }),
      check('4', 'login', { namespace: null }),
    ];
    const { columns, rows } = buildPivot(checks, 'no_group', {
      by: 'namespace',
      label: null,
      cell: 'uptime',
    });
    expect(columns).toEqual(['dev', 'prod', OTHER_COLUMN]);
    expect(rows.map((r) => r.label)).toEqual(['home', 'login']);
    expect(rows[0]?.cells.prod?.uptime).toEqual({ passed: 9, failed: 1 });
    expect(rows[0]?.cells.dev?.health).toBe('unhealthy');
    expect(rows[0]?.cells[OTHER_COLUMN]).toBeUndefined();
    expect(rows[1]?.cells.prod?.latency).toBe(250);
    expect(rows[1]?.cells[OTHER_COLUMN]?.checks.map((c) => c.id)).toEqual(['4']);
  });

  it("combines a group's checks per label value: summed uptime, worst latency, mixed health, latest transition", () => {
    const checks = [
      check('1', 'a', { labels: { region: 'eu' }, uptime: { passed: 5, failed: 5 }, latency: { p95: 10 } }),
      check('2', 'b', {
        labels: { region: 'eu' },
        status: 'unhealthy',
        uptime: { passed: 0, failed: 10 },
        latency: { p95: 90 },
        last_transition_time: '2026-11-01T10:00:00Z',
      }),
      check('3', 'c', { labels: { region: 'us' }, last_transition_time: '2026-11-01T09:00:00Z' }),
    ];
    const { columns, rows } = buildPivot(checks, 'canary_name', {
      by: 'labels',
      label: 'region',
      cell: 'health',
    });
    expect(columns).toEqual(['eu', 'us']);
    expect(rows).toHaveLength(1);
    const eu = rows[0]?.cells.eu;
    expect(eu?.uptime).toEqual({ passed: 5, failed: 15 });
    expect(eu?.latency).toBe(90);
    expect(eu?.health).toBe('mixed');
    expect(eu?.lastTransition).toBe('2026-11-01T10:00:00Z');
    expect(rows[0]?.cells.us?.health).toBe('healthy');
  });
});
