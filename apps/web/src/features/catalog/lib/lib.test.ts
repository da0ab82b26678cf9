import { describe, expect, it } from 'vitest';
import { configEvidence, MAX_EVIDENCE_LINES } from './evidence.js';
import { parseLabels, readCatalogParams, showsSummary, summaryRowTarget } from './catalogParams.js';
import { hasCost, isScrapeStale, showsClass } from './format.js';
import { buildGraph, initialExpanded, visibleGraph } from './graph.js';
import { groupLabels } from './labels.js';
import {
  outgoingDisabled,
  readToggles,
  setIncoming,
  setOutgoing,
  typeFilter,
} from './relationshipToggles.js';
import { sanitizeHtml } from './sanitize.js';
import { decodeTag, decodeTags, encodeTag, encodeTags, withTag } from './tags.js';
import { INSIGHT_MESSAGE_LIMIT, truncateText } from './truncate.js';

describe('catalog query parameters', () => {
  it('defaults to grouping by class and type, sorted by type ascending', () => {
    const p = readCatalogParams(new URLSearchParams(''));
    expect(p.groupBy).toEqual(['config_class', 'type']);
    expect(p.sortBy).toBe('type');
    expect(p.sortOrder).toBe('asc');
    expect(showsSummary(p)).toBe(true);
  });

  it('switches to the flat list once a type or a search is set', () => {
    expect(showsSummary(readCatalogParams(new URLSearchParams('configType=Kubernetes::Pod')))).toBe(false);
    expect(showsSummary(readCatalogParams(new URLSearchParams('search=nginx')))).toBe(false);
    expect(showsSummary(readCatalogParams(new URLSearchParams('search=%20%20')))).toBe(true);
  });

  it('turns a summary row into configType and labels, and clears groupBy', () => {
    const row = { config_class: 'Pod', type: 'Kubernetes::Pod', 'tags.cluster': 'prod', count: 3 };
    expect(summaryRowTarget(row, ['config_class', 'type', 'tags.cluster'])).toEqual({
      configType: 'Kubernetes::Pod',
      labels: 'cluster=prod',
      groupBy: null,
      // The list below keeps the tag the row was grouped by.
      groupByProp: 'cluster',
    });
    expect(summaryRowTarget({ type: 'Kubernetes::Pod' }, ['type']).groupByProp).toBeNull();
    expect(parseLabels('cluster=prod,env=dev')).toEqual({ cluster: 'prod', env: 'dev' });
  });
});

describe('tag filters', () => {
  it('writes key____value with :-1 for exclusion and reads it back', () => {
    expect(encodeTag({ key: 'cluster', value: 'prod', exclude: false })).toBe('cluster____prod');
    expect(encodeTag({ key: 'env', value: 'dev', exclude: true })).toBe('env____dev:-1');
    expect(decodeTag('env____dev:-1')).toEqual({ key: 'env', value: 'dev', exclude: true });
    expect(decodeTag('no-separator')).toBeUndefined();
    const list = decodeTags('cluster____prod,env____dev:-1,bad');
    expect(list).toHaveLength(2);
    expect(encodeTags(withTag(list, { key: 'cluster', value: 'prod', exclude: true }))).toBe(
      'env____dev:-1,cluster____prod:-1',
    );
  });
});

describe('side panel rules', () => {
  it('groups labels by prefix, merges the paired groups and leaves out the name label', () => {
    const groups = groupLabels({
      'topology.kubernetes.io/region': 'eu-west-1',
      'topology.kubernetes.io/zone': 'eu-west-1a',
      'kubernetes.io/os': 'linux',
      'kubernetes.io/arch': 'amd64',
      'app.kubernetes.io/version': '1.2.0',
      'app.kubernetes.io/part-of': 'shop',
      'app.kubernetes.io/name': 'checkout',
      vpc: 'vpc-1',
      subnet: 'subnet-9',
      team: 'payments',
    });
    const names = groups.map((g) => g.name);
    expect(names).toEqual(['os/arch', 'region/zone', 'team', 'version/part-of', 'vpc/subnet']);
    expect(groups.find((g) => g.name === 'region/zone')?.labels.map((l) => l.value)).toEqual([
      'eu-west-1',
      'eu-west-1a',
    ]);
    expect(groups.flatMap((g) => g.labels).some((l) => l.value === 'checkout')).toBe(false);
  });

  it('shows the class only when the type does not end with it', () => {
    expect(showsClass('Kubernetes::Pod', 'Pod')).toBe(false);
    expect(showsClass('AWS::EC2::Instance', 'VirtualMachine')).toBe(true);
    expect(showsClass('Kubernetes::Pod', null)).toBe(false);
  });

  it('warns about a scrape older than an hour unless the item is deleted', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isScrapeStale('2026-01-01T10:30:00Z', null, now)).toBe(true);
    expect(isScrapeStale('2026-01-01T11:30:00Z', null, now)).toBe(false);
    expect(isScrapeStale('2026-01-01T10:30:00Z', '2026-01-01T11:00:00Z', now)).toBe(false);
  });

  it('shows cost only when a figure is set', () => {
    expect(hasCost({ cost_per_minute: null, cost_total_30d: null })).toBe(false);
    expect(hasCost({ cost_total_7d: 12.5 })).toBe(true);
  });
});

describe('relationship toggles', () => {
  it('forces Outgoing on when Incoming is turned off, and locks it', () => {
    const start = readToggles(new URLSearchParams(''));
    expect(start).toEqual({ outgoing: true, incoming: true, soft: true });
    const noOut = setOutgoing(start, false);
    expect(typeFilter(noOut)).toBe('incoming');
    const noIn = setIncoming(noOut, false);
    expect(noIn.outgoing).toBe(true);
    expect(outgoingDisabled(noIn)).toBe(true);
    expect(setOutgoing(noIn, false)).toEqual(noIn);
    expect(typeFilter(noIn)).toBe('outgoing');
    expect(readToggles(new URLSearchParams('incoming=false&outgoing=false')).outgoing).toBe(true);
  });
});

describe('insight messages', () => {
  it('are cut at 500 characters', () => {
    expect(truncateText('a'.repeat(501))).toHaveLength(INSIGHT_MESSAGE_LIMIT + 1);
    expect(truncateText('a'.repeat(501)).endsWith('…')).toBe(true);
    expect(truncateText('short')).toBe('short');
  });

  it('keep formatting but lose scripts, handlers and unsafe links', () => {
    const html = sanitizeHtml(
      '<b onclick="x()">bold</b><script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a><img src=x onerror=alert(1)>',
    );
    expect(html).toContain('<b>bold</b>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<img');
    expect(html).toContain('href="https://ok.example"');
  });
});

describe('relationship graph', () => {
  const root = { id: 'ns', name: 'default', type: 'Namespace' };
  const pods = ['p1', 'p2', 'p3', 'p4'].map((id) => ({
    id,
    name: id,
    type: 'Pod',
    direction: 'outgoing',
    related_ids: ['ns'],
  }));
  const svc = { id: 's1', name: 'svc', type: 'Service', direction: 'outgoing', related_ids: ['ns'] };

  it('puts 3 or more configs of one type behind a group node that starts collapsed above 3', () => {
    const g = buildGraph(root, [...pods, svc]);
    const groups = g.nodes.filter((n) => n.kind === 'group');
    expect(groups).toHaveLength(1);
    const expanded = initialExpanded(g, 'ns');
    const visible = visibleGraph(g, 'ns', expanded);
    expect(visible.nodes.map((n) => n.id).sort()).toEqual([groups[0]?.id, 'ns', 's1'].sort());
    expanded.add(groups[0]?.id ?? '');
    expect(visibleGraph(g, 'ns', expanded).nodes).toHaveLength(7);
  });

  it('links two configs of a type directly', () => {
    const g = buildGraph(root, [svc, { ...svc, id: 's2' }]);
    expect(g.nodes.some((n) => n.kind === 'group')).toBe(false);
    expect(g.edges.map((e) => e.id).sort()).toEqual(['ns->s1', 'ns->s2']);
  });
});

describe('config evidence for Link to Incident', () => {
  const yaml = Array.from({ length: 20 }, (_, i) => `line${i + 1}`).join('\n') + '\n';
  it('keeps the selected lines and 3 lines of context around them, with the name and type', () => {
    const e = configEvidence({ name: 'payments-db', type: 'AWS::RDS::DBInstance' }, yaml, [10, 11]);
    expect(e.configName).toBe('payments-db');
    expect(e.configType).toBe('AWS::RDS::DBInstance');
    expect(Object.keys(e.lines as object)).toEqual(['7', '8', '9', '10', '11', '12', '13', '14']);
    expect(e.selected_lines).toEqual({ '10': 'line10', '11': 'line11' });
  });
  it('keeps every line (up to the cap) when nothing is selected', () => {
    const e = configEvidence({ name: null, type: 'Svc' }, yaml, []);
    expect(Object.keys(e.lines as object)).toHaveLength(20);
    expect(e.selected_lines).toEqual({});
    const big = Array.from({ length: MAX_EVIDENCE_LINES + 5 }, () => 'x').join('\n');
    expect(Object.keys(configEvidence({ name: 'a', type: 'b' }, big, []).lines as object)).toHaveLength(
      MAX_EVIDENCE_LINES,
    );
  });
});
