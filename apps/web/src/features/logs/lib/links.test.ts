import { describe, expect, it } from 'vitest';
import { messageParts, safeHref } from './links.js';

describe('links in log messages', () => {
  it('accepts only http(s) URLs', () => {
    expect(safeHref('https://grafana.example/d/1')).toBe('https://grafana.example/d/1');
    expect(safeHref('http://10.0.7.15:8080/pay')).toBe('http://10.0.7.15:8080/pay');
    expect(safeHref('javascript://alert(1)')).toBeUndefined();
    expect(safeHref('file:///etc/passwd')).toBeUndefined();
    expect(safeHref('ftp://example.com/x')).toBeUndefined();
  });

  it('splits a message into text and links, leaving other schemes and trailing punctuation as text', () => {
    expect(
      messageParts('upstream: "http://10.0.7.15:8080/pay", see https://docs.example/x. or file:///tmp/a'),
    ).toEqual([
      { text: 'upstream: "' },
      { text: 'http://10.0.7.15:8080/pay', href: 'http://10.0.7.15:8080/pay' },
      { text: '", see ' },
      { text: 'https://docs.example/x', href: 'https://docs.example/x' },
      { text: '. or file:///tmp/a' },
    ]);
    expect(messageParts('no links here')).toEqual([{ text: 'no links here' }]);
  });
});
