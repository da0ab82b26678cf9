import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseProperties } from '../../src/catalog/properties.js';
import { maskValue, runTransformScript } from '../../src/catalog/transform.js';
import { jsonPathProblem, normalizeJsonPath, resolveField } from '../../src/lib/jsonpath.js';

describe('config-db scraper pieces', () => {
  it('reads JSONPath with or without its $', () => {
    expect(['.name', '@.name', 'name', '$.name', '[0].id', 'metadata.uid'].map(normalizeJsonPath)).toEqual([
      '$.name',
      '$.name',
      '$.name',
      '$.name',
      '$[0].id',
      '$.metadata.uid',
    ]);
    const doc = { name: 'web', metadata: { uid: 'u-1' }, ports: [80, 443] };
    expect(resolveField(doc, '.name')).toBe('web');
    expect(resolveField(doc, 'metadata.uid')).toBe('u-1');
    expect(resolveField(doc, 'ports[1]')).toBe('443');
    // A dotted literal that matches nothing stays a literal; plain words are literals.
    expect(resolveField(doc, 'my.service')).toBe('my.service');
    expect(resolveField(doc, 'name')).toBe('name');
    expect(resolveField(doc, 'Kubernetes::Pod')).toBe('Kubernetes::Pod');
    expect(jsonPathProblem('.a[?(@.b)]')).toBe('Unsupported selector [?(@.b)] in $.a[?(@.b)]');
  });

  it('parses Java properties: separators, escapes, continuations, comments', () => {
    expect(
      parseProperties(
        [
          '# comment',
          '! comment',
          'a=1',
          'b : two words',
          'c three',
          'd\\:e = colon\\u0041',
          'multi = one, \\',
          '        two',
          'empty',
          "quoted = 'x # y' # trailing",
          'tab = v\t# note',
        ].join('\n'),
      ),
    ).toEqual({
      a: '1',
      b: 'two words',
      c: 'three',
      'd:e': 'colonA',
      multi: 'one, two',
      empty: '',
      quoted: "'x # y'",
      tab: 'v',
    });
    expect(Object.getPrototypeOf(parseProperties('__proto__ = x'))).toBe(Object.prototype);
  });

  it('hashes masked values like config-db (strings as is, objects as sorted JSON)', () => {
    const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
    expect(maskValue('md5sum', 'p1')).toBe(md5('p1'));
    expect(maskValue('md5sum', { b: 1, a: null, c: 'x' })).toBe(md5('{\n  "b": 1,\n  "c": "x"\n}'));
    expect(maskValue('sha256', 'p1')).toBe(crypto.createHash('sha256').update('p1').digest('hex'));
    expect(maskValue('***', 'p1')).toBe('***');
    expect(maskValue(undefined, 'p1')).toBe('******');
  });

  it('turns script output into configs and names the transform when it fails', async () => {
    expect(await runTransformScript({ expr: '[config].toJSON()' }, { id: 1 })).toEqual([{ id: 1 }]);
    expect(await runTransformScript({ expr: 'config' }, { id: 1 })).toEqual([{ id: 1 }]);
    expect(
      await runTransformScript({ jsonpath: '$.config.items[*]' }, { items: [{ a: 1 }, { a: 2 }] }),
    ).toEqual([{ a: 1 }, { a: 2 }]);
    expect(await runTransformScript(undefined, {})).toBeUndefined();
    await expect(runTransformScript({ gotemplate: '{ not json' }, {})).rejects.toThrow(
      /^transform\.gotemplate: the output is not JSON/,
    );
    await expect(runTransformScript({ javascript: 'config.x.y' }, {})).rejects.toThrow(
      /^transform\.javascript: JavaScript failed: TypeError/,
    );
    await expect(runTransformScript({ expr: 'config.missing' }, {})).rejects.toThrow(
      /^transform\.expr: expression/,
    );
  });
});
