import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/lib/unified-diff.js';
import { queryJsonPath, resolveField } from '../../src/lib/jsonpath.js';
import { applyMergePatch, createMergePatch } from '../../src/catalog/merge-patch.js';
import { mutateDemoCatalog, ensureDemoCatalog } from '../../src/catalog/demo/files.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DOC = { a: { b: 1, list: [{ x: 1 }, { x: 2 }, { y: 3 }] }, 'odd key': 'v', x: 0 };

describe('JSONPath', () => {
  it('reads names, indexes, wildcards and recursive descent', () => {
    expect(queryJsonPath(DOC, '$.a.b').map((m) => m.value)).toEqual([1]);
    expect(queryJsonPath(DOC, '$.a.list[*].x').map((m) => m.value)).toEqual([1, 2]);
    expect(queryJsonPath(DOC, '$.a.list[0]').map((m) => m.value)).toEqual([{ x: 1 }]);
    expect(queryJsonPath(DOC, '$.a.list[-1].y').map((m) => m.value)).toEqual([3]);
    expect(queryJsonPath(DOC, "$['odd key']").map((m) => m.value)).toEqual(['v']);
    expect(queryJsonPath(DOC, '$..x').map((m) => m.value)).toEqual([0, 1, 2]);
    expect(queryJsonPath(DOC, '$.a.list[0,2]').map((m) => m.path)).toEqual([
      ['a', 'list', 0],
      ['a', 'list', 2],
    ]);
    expect(resolveField(DOC, 'literal')).toBe('literal');
    expect(resolveField(DOC, '$.missing')).toBeUndefined();
  });
});

describe('merge patch and diff', () => {
  it('creates RFC 7386 patches that apply back', () => {
    const before = { spec: { replicas: 2, paused: true, image: 'a' }, meta: [1, 2] };
    const after = { spec: { replicas: 3, image: 'a' }, meta: [1, 2, 3], extra: 'x' };
    const patch = createMergePatch(before, after);
    expect(patch).toEqual({ spec: { replicas: 3, paused: null }, meta: [1, 2, 3], extra: 'x' });
    expect(applyMergePatch(before, patch)).toEqual(after);
    expect(createMergePatch(after, structuredClone(after))).toBeUndefined();
  });

  it('prints a unified diff with context and hunks', () => {
    const a = Array.from({ length: 20 }, (_v, i) => `line ${i}`).join('\n');
    const b = a.replace('line 3', 'line three').replace('line 17', 'line seventeen');
    const d = unifiedDiff(a, b);
    expect(d.split('\n').filter((l) => l.startsWith('@@'))).toEqual(['@@ -1,7 +1,7 @@', '@@ -15,6 +15,6 @@']);
    expect(d).toContain('-line 3\n+line three\n');
    expect(unifiedDiff(a, a)).toBe('');
  });
});

describe('demo catalog', () => {
  it('is copied into the data dir with a live certificate date, then changed plausibly', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-demo-'));
    try {
      const target = ensureDemoCatalog(dir);
      expect(target).toBe(path.join(dir, 'demo-catalog'));
      const cert = fs.readFileSync(path.join(dir, 'demo-catalog/kubernetes/certificates.yaml'), 'utf8');
      expect(cert).not.toContain('__EXPIRES_IN_10_DAYS__');
      const before = fs.readFileSync(path.join(dir, 'demo-catalog/kubernetes/deployments.yaml'), 'utf8');
      const what = mutateDemoCatalog(dir, () => 0.1);
      expect(what).toMatch(/^scaled payments-api from 3 to [24] replicas$/);
      expect(fs.readFileSync(path.join(dir, 'demo-catalog/kubernetes/deployments.yaml'), 'utf8')).not.toBe(
        before,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
