import { describe, expect, it } from 'vitest';
import { HOSTILE_RETURN_TO, safeLinkHref, sameOriginReturnTo } from './safe-url.js';

const PAGE = 'http://127.0.0.1:8080';
const PUBLIC = 'https://ops.example.com';

/** What a return_to query parameter holds once the query string is decoded. */
const decoded = (raw: string) =>
  new URLSearchParams(`v=${raw.replaceAll('{host}', '127.0.0.1:8080')}`).get('v') ?? '';

describe('sameOriginReturnTo', () => {
  it('keeps paths and absolute URLs of this console, as the browser resolves them', () => {
    expect(sameOriginReturnTo('/catalog?x=1#y', [PAGE])).toBe('/catalog?x=1#y');
    expect(sameOriginReturnTo('/incidents?status=open', [PAGE, PUBLIC])).toBe('/incidents?status=open');
    expect(sameOriginReturnTo(`${PAGE}/health`, [PAGE])).toBe('/health');
    expect(sameOriginReturnTo(`${PUBLIC}/health`, [PAGE, PUBLIC])).toBe(`${PUBLIC}/health`);
    expect(sameOriginReturnTo('/%09/x', [PAGE])).toBe('/%09/x');
  });

  it('refuses what a browser would take to another site, in every spelling', () => {
    for (const raw of HOSTILE_RETURN_TO) {
      const value = decoded(raw);
      const lands = new URL(value, `${PAGE}/`);
      const leaves = lands.origin !== PAGE || !['http:', 'https:'].includes(lands.protocol);
      const got = sameOriginReturnTo(value, [PAGE]);
      if (leaves) expect(got, raw).toBeNull();
      else expect(new URL(got ?? '', `${PAGE}/`).origin, raw).toBe(PAGE);
    }
    expect(sameOriginReturnTo('/\t/evil.example/', [PAGE])).toBeNull();
    expect(sameOriginReturnTo('/\\evil.example/', [PAGE])).toBeNull();
    expect(sameOriginReturnTo('https://evil.example/', [PAGE, PUBLIC])).toBeNull();
  });

  it('answers null for nothing, non-strings and unparseable values', () => {
    expect(sameOriginReturnTo('', [PAGE])).toBeNull();
    expect(sameOriginReturnTo(undefined, [PAGE])).toBeNull();
    expect(sameOriginReturnTo(['/x'], [PAGE])).toBeNull();
    expect(sameOriginReturnTo('http://[::1', [PAGE])).toBeNull();
    expect(sameOriginReturnTo('/x', [])).toBeNull();
  });
});

describe('safeLinkHref', () => {
  it('keeps http(s) URLs, mailto and single-slash paths', () => {
    expect(safeLinkHref('https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(safeLinkHref(' HTTP://Example.com ')).toBe('HTTP://Example.com');
    expect(safeLinkHref('https://exa\tmple.com/a')).toBe('https://example.com/a');
    expect(safeLinkHref('mailto:ops@example.com')).toBe('mailto:ops@example.com');
    expect(safeLinkHref('/catalog/1')).toBe('/catalog/1');
  });

  it('drops scheme-relative and backslash paths however they are spelt, and other schemes', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      ' //evil.example',
      '\t/\\evil.example',
      'javascript:alert(1)',
      'JaVa\tScRiPt:alert(1)',
      'data:text/html,x',
      'relative/path',
      'https:',
    ])
      expect(safeLinkHref(href), JSON.stringify(href)).toBeNull();
  });
});
