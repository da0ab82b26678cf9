import { describe, expect, it } from 'vitest';
import { applyCheckExpressions, type ExpressionResult } from '../../src/health/check-expressions.js';

/** Expression application on a finished result, without running a check. */
const result = (details: Record<string, unknown>, pass = true): ExpressionResult => ({
  pass,
  message: 'runner message',
  error: pass ? null : 'runner error',
  durationMs: 12,
  details,
});

describe('check expressions (transform, display, test)', () => {
  it('gives exec results as results.stdout in every form', async () => {
    for (const display of [
      { expr: 'results.stdout + "/" + string(results.exitCode)' },
      { template: '{{ .results.stdout }}/{{ .results.exitCode }}' },
      { javascript: 'results.stdout + "/" + results.exitCode' },
    ]) {
      const r = result({ stdout: 'hi', stderr: '', exitCode: 0 });
      await applyCheckExpressions('exec', r, { display });
      expect(r.message).toBe('hi/0');
    }
  });

  it('reads templates and scripts answering "true" as a passing test, anything else fails', async () => {
    const ok = result({ code: 200 });
    await applyCheckExpressions('http', ok, { test: { template: '{{ eq .code 200 }}' } });
    expect(ok.pass).toBe(true);
    const no = result({ code: 200 });
    await applyCheckExpressions('http', no, { test: { javascript: '"maybe"' } });
    expect(no).toMatchObject({ pass: false, error: 'test javascript returned "maybe", expected true' });
    const notBool = result({ code: 200 });
    await applyCheckExpressions('http', notBool, { test: { expr: 'code' } });
    expect(notBool).toMatchObject({ pass: false, error: 'test expression returned 200: code' });
  });

  it('does not let a test turn a failed check into a passing one', async () => {
    const r = result({ code: 500 }, false);
    await applyCheckExpressions('http', r, { test: { expr: 'code == 500' } });
    expect(r).toMatchObject({ pass: false, error: 'runner error' });
  });

  it('stops a runaway display script with a clear message and keeps the check result', async () => {
    const r = result({ code: 200 });
    await applyCheckExpressions('http', r, { display: { javascript: 'while (true) {}' } });
    expect(r.pass).toBe(true);
    expect(r.message).toMatch(/^display expression failed: JavaScript ran longer than 2s and was stopped/);
  });

  it('names a broken expression in the message or error', async () => {
    const d = result({});
    await applyCheckExpressions('http', d, { display: { template: '{{ .code ' } });
    expect(d.message).toMatch(/^display expression failed: /);
    const t = result({});
    await applyCheckExpressions('http', t, { test: { expr: 'code ==' } });
    expect(t).toMatchObject({ pass: false });
    expect(t.error).toMatch(/^test expression failed: /);
  });

  it('applies a transform in place: pass, message, error, detail, data for display', async () => {
    const r = result({ json: { n: 3 } });
    await applyCheckExpressions('http', r, {
      transform: {
        expr: "{'pass': false, 'error': 'too few', 'detail': {'n': json.n}, 'data': {'extra': 'x'}}",
      },
      display: { expr: "'n=' + string(json.n) + ' ' + extra" },
    });
    expect(r).toMatchObject({ pass: false, error: 'too few', message: 'n=3 x' });
    expect(r.details.results).toEqual({ n: 3 });
    const cleared = result({ json: {} });
    await applyCheckExpressions('http', cleared, { transform: { expr: "{'detail': '$delete'}" } });
    expect(cleared.details).toEqual({});
  });

  it('turns named transform results into other checks and keeps the original result', async () => {
    const r = result({ json: { items: ['a', 'b'] } });
    await applyCheckExpressions('http', r, {
      name: 'parent',
      transform: {
        expr: "json.items.map(i, {'name': 'item-' + i, 'pass': i == 'a', 'labels': {'item': i}, 'deletedAt': i == 'b' ? '2024-01-01T00:00:00Z' : ''}).toJSON()",
      },
    });
    expect(r.pass).toBe(true);
    expect(r.transformed?.map((t) => [t.name, t.pass, t.labels, t.deleted])).toEqual([
      ['item-a', true, { item: 'a' }, false],
      ['item-b', false, { item: 'b' }, true],
    ]);
  });

  it('refuses transform output that is not JSON or that generates canaries', async () => {
    const text = result({});
    await applyCheckExpressions('http', text, { transform: { template: 'not json' } });
    expect(text).toMatchObject({
      pass: false,
      error: 'error transforming result: the transform did not return JSON: not json',
    });
    const canary = result({});
    await applyCheckExpressions('http', canary, { transform: { expr: "{'spec': {'http': []}}" } });
    expect(canary.error).toBe(
      'error transforming result: it returned a Canary spec; creating canaries from a transform is not supported',
    );
    const empty = result({});
    await applyCheckExpressions('http', empty, { transform: { expr: '[]' } });
    expect(empty.pass).toBe(true);
  });
});
