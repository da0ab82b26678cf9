import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  keepStoredUrlPassword,
  openUrlPassword,
  sealUrlPassword,
  urlPasswordSpan,
} from '../../src/connections/url-password.js';
import { SecretBox } from '../../src/lib/secrets/index.js';

const box = new SecretBox(crypto.randomBytes(32).toString('hex'), '/nonexistent');
const passwordOf = (url: string) => {
  const span = urlPasswordSpan(url);
  return span ? url.slice(span.start, span.end) : undefined;
};

describe('passwords written inside connection URLs', () => {
  it('finds the password of URLs and Go DSNs, slashes included, and nothing in URLs without one', () => {
    expect(passwordOf('postgres://app:s3cret@db.example:5432/orders')).toBe('s3cret');
    expect(passwordOf('postgres://app:p/ss:w0rd@db.example/orders?sslmode=require')).toBe('p/ss:w0rd');
    expect(passwordOf('https://svc:pa%40ss@api.example/v1/@me')).toBe('pa%40ss');
    expect(passwordOf('mysql://root:pw@tcp(127.0.0.1:3306)/db')).toBe('pw');
    expect(passwordOf('root:my@pw@tcp(127.0.0.1:3306)/db?tls=true')).toBe('my@pw');
    expect(passwordOf('root:pw@/db')).toBe('pw');
    expect(passwordOf('https://api.example:8443/users/@me')).toBeUndefined();
    expect(passwordOf('https://user@api.example/')).toBeUndefined();
    expect(passwordOf('postgres://db.example:5432/orders')).toBeUndefined();
    expect(passwordOf('redis://:only-password@cache:6379')).toBe('only-password');
  });

  it('seals a written password in place, opens it again, and leaves placeholders alone', () => {
    for (const url of [
      'postgres://app:s3cret@db.example:5432/orders',
      'postgres://app:p/ss:w0rd@db.example/orders',
      'root:my@pw@tcp(127.0.0.1:3306)/db',
    ]) {
      const stored = sealUrlPassword(url, box);
      expect(stored).not.toContain(passwordOf(url));
      expect(passwordOf(stored)).toMatch(/^enc:v1\./);
      expect(sealUrlPassword(stored, box)).toBe(stored);
      expect(openUrlPassword(stored, box, 'url')).toBe(url);
    }
    const placeholder = 'postgres://$(username):$(password)@db.example/orders';
    expect(sealUrlPassword(placeholder, box)).toBe(placeholder);
    expect(sealUrlPassword('http://svc:{{.secret}}@x/', box)).toBe('http://svc:{{.secret}}@x/');
  });

  it('gives a URL sent back as shown (user:***@) its stored, still sealed, password', () => {
    const stored = sealUrlPassword('https://svc:url-pass-77@api.example/v1', box);
    const kept = keepStoredUrlPassword('https://svc:***@api.example/v2', stored);
    expect(kept).toBe(stored.replace('/v1', '/v2'));
    expect(openUrlPassword(kept, box, 'url')).toBe('https://svc:url-pass-77@api.example/v2');
    expect(keepStoredUrlPassword('https://svc:new@api.example/v2', stored)).toBe(
      'https://svc:new@api.example/v2',
    );
  });

  it('says which connection cannot be opened with another key', () => {
    const other = new SecretBox(crypto.randomBytes(32).toString('hex'), '/nonexistent');
    const stored = sealUrlPassword('postgres://app:s3cret@db/orders', other);
    expect(() => openUrlPassword(stored, box, 'connection default/db: url')).toThrow(
      /connection default\/db: url cannot be decrypted/,
    );
  });
});
