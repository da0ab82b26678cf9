import { describe, expect, it } from 'vitest';
import { checkOf, formTypeOf, parseSpecText, specText, splitSchedule, withCheck } from './canaryDraft.js';

describe('canary drafts', () => {
  it('edits the first check of a type and keeps the rest of the spec', () => {
    const spec = { http: [{ url: 'http://a' }, { url: 'http://b' }], tcp: [{ endpoint: 'x:1' }] };
    expect(formTypeOf(spec)).toBe('http');
    expect(checkOf(spec, 'http')).toEqual({ url: 'http://a' });
    expect(withCheck(spec, 'http', { url: 'http://c' })).toEqual({
      http: [{ url: 'http://c' }, { url: 'http://b' }],
      tcp: [{ endpoint: 'x:1' }],
    });
    expect(withCheck({}, 'dns', {})).toEqual({ dns: [{}] });
  });

  it('reads inside a whole Canary document', () => {
    const doc = { kind: 'Canary', metadata: { name: 'n' }, spec: { schedule: '@every 1m', redis: [{}] } };
    expect(formTypeOf(doc)).toBe('redis');
    expect(withCheck(doc, 'redis', { addr: 'r:6379' })).toEqual({
      kind: 'Canary',
      metadata: { name: 'n' },
      spec: { schedule: '@every 1m', redis: [{ addr: 'r:6379' }] },
    });
    expect(splitSchedule(doc)).toEqual({
      schedule: '@every 1m',
      spec: { kind: 'Canary', metadata: { name: 'n' }, spec: { redis: [{}] } },
    });
  });

  it('parses YAML text or says why not', () => {
    expect(parseSpecText('')).toEqual({ ok: true, spec: {} });
    expect(parseSpecText('http: []')).toEqual({ ok: true, spec: { http: [] } });
    expect(parseSpecText('- a')).toEqual({ ok: false, error: 'The spec must be a YAML object' });
    expect(parseSpecText('http: [oops').ok).toBe(false);
    expect(specText({})).toBe('');
  });
});
