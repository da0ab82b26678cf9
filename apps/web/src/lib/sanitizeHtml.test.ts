import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml.js';

const hrefOf = (html: string) =>
  new DOMParser().parseFromString(html, 'text/html').querySelector('a')?.getAttribute('href') ?? null;

/** Issue 37, finding 10: `href="//evil.example/x"` survived (anything starting with `/` passed). */
describe('links in sanitised HTML', () => {
  it('keep http(s) URLs, mailto and paths of this console', () => {
    expect(hrefOf(sanitizeHtml('<a href="https://ok.example/a?b=1">x</a>'))).toBe('https://ok.example/a?b=1');
    expect(hrefOf(sanitizeHtml('<a href="mailto:ops@example.com">x</a>'))).toBe('mailto:ops@example.com');
    expect(hrefOf(sanitizeHtml('<a href="/catalog/1?tab=changes">x</a>'))).toBe('/catalog/1?tab=changes');
  });

  it('lose an href that leads to another site through a path-looking address', () => {
    for (const href of [
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/&#9;/evil.example/x',
      '/&#10;/evil.example/x',
      '/&#13;&#10;/evil.example/x',
      ' //evil.example/x',
      '&#9;/\\evil.example',
      '///evil.example',
      'javascript:alert(1)',
      'java&#9;script:alert(1)',
      'data:text/html,x',
    ]) {
      const html = sanitizeHtml(`<a href="${href}" onclick="x()">link</a>`);
      expect(hrefOf(html), href).toBeNull();
      expect(html, href).toContain('>link</a>');
      expect(html, href).not.toContain('evil');
    }
  });

  it('opens kept links in a new tab without a referrer or opener', () => {
    const html = sanitizeHtml('<a href="https://ok.example">x</a>');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
