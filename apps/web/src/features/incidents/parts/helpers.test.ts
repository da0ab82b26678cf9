import { describe, expect, it } from 'vitest';
import { defaultScript } from './dodScripts.js';
import { linesWithContext } from './evidenceLines.js';
import { insertMention, mentionQuery, renderMentions } from './mentions.js';
import { fieldLabel, progressSteps, responderDefaults, teamResponderTypes } from './responders.js';
import { hypothesis, responder } from './test/fixtures.js';
import { buildTree, childType, rootHypothesis } from './tree.js';

describe('tree', () => {
  it('nests by parent_id and keeps orphans at the top', () => {
    const tree = buildTree([
      hypothesis('s', { parent_id: 'f', type: 'solution' }),
      hypothesis('r'),
      hypothesis('f', { parent_id: 'r', type: 'factor' }),
      hypothesis('o', { parent_id: 'missing', type: 'factor' }),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['r', 'o']);
    expect(tree[0]?.children[0]?.id).toBe('f');
    expect(tree[0]?.children[0]?.children[0]?.id).toBe('s');
  });

  it('root → factor → solution', () => {
    expect(childType('root')).toBe('factor');
    expect(childType('factor')).toBe('solution');
    expect(childType('solution')).toBeUndefined();
    expect(rootHypothesis([hypothesis('f', { type: 'factor', parent_id: 'r' }), hypothesis('r')])?.id).toBe(
      'r',
    );
  });
});

describe('mentions', () => {
  it('renders markup as @display', () => {
    expect(renderMentions('hi @[Priya Raman](user:p1) and @[Bo](user:p2)')).toBe('hi @Priya Raman and @Bo');
  });

  it('finds the mention being typed at the caret', () => {
    expect(mentionQuery('cc @pri', 7)).toEqual({ start: 3, query: 'pri' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail a@b', 8)).toBeUndefined();
    expect(mentionQuery('@pri done', 9)).toBeUndefined();
  });

  it('inserts the markup in place of the typed query', () => {
    expect(insertMention('cc @pri!', 3, 7, { id: 'p1', name: 'Priya' })).toEqual({
      text: 'cc @[Priya](user:p1) !',
      caret: 21,
    });
  });
});

describe('evidence lines', () => {
  it('keeps 3 lines either side of each selection', () => {
    const lines = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [String(i + 1), `l${i + 1}`]));
    const shown = linesWithContext({ lines, selected_lines: { '5': 'l5', '20': 'l20' } });
    expect(shown.map((l) => l.number)).toEqual([2, 3, 4, 5, 6, 7, 8, 17, 18, 19, 20, 21, 22, 23]);
    expect(shown.filter((l) => l.selected).map((l) => l.number)).toEqual([5, 20]);
  });

  it('shows every line when none is selected', () => {
    expect(linesWithContext({ lines: { '1': 'a', '2': 'b' } })).toHaveLength(2);
    expect(linesWithContext(null)).toEqual([]);
  });
});

describe('definition-of-done scripts', () => {
  it('has the spec defaults and none for other types', () => {
    expect(defaultScript('topology')).toBe("component.status == 'healthy'");
    expect(defaultScript('check')).toBe(
      "check.status == 'healthy' && time.Since(check.last_transition_time) > duration('5m')",
    );
    expect(defaultScript('config_analysis')).toBe("analysis.status == 'resolved'");
    expect(defaultScript('log')).toBe('');
  });
});

describe('responders', () => {
  it("offers only the known types the team's spec configures", () => {
    const team = { id: 't', name: 'T', spec: { responder_clients: { jira: {}, ms_planner: {}, bogus: {} } } };
    expect(teamResponderTypes(team)).toEqual(['jira', 'ms_planner']);
    expect(teamResponderTypes(undefined)).toEqual([]);
  });

  it('prefills from the spec defaults', () => {
    const team = {
      id: 't',
      name: 'T',
      spec: { responder_clients: { email: { defaults: { to: 'ops@x' } } } },
    };
    expect(responderDefaults(team, 'email')).toEqual({ to: 'ops@x', subject: '', body: '' });
  });

  it('labels fields', () => {
    expect(fieldLabel('issueType')).toBe('Issue Type');
    expect(fieldLabel('plan_id')).toBe('Plan');
  });

  it('the current step is the first without a time; -1 when all are done', () => {
    expect(progressSteps(responder('r')).current).toBe(1);
    const all = responder('r', {
      acknowledge_time: 'a',
      signoff_time: 'b',
      close_time: 'c',
    });
    expect(progressSteps(all).current).toBe(-1);
  });
});
