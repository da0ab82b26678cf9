import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { startTestServer, type TestServer } from '../helpers.js';

describe('agent mode configuration', () => {
  it('is off without UPSTREAM_URL, on with it and its token, with a page size of 5,000 by default', () => {
    expect(loadConfig({}).agent).toBeUndefined();
    expect(
      loadConfig({ UPSTREAM_URL: 'https://up.example.com/', UPSTREAM_TOKEN: 'od_x', AGENT_NAME: 'edge' })
        .agent,
    ).toEqual({ upstreamUrls: ['https://up.example.com'], token: 'od_x', name: 'edge', pageSize: 5000 });
  });

  it('refuses UPSTREAM_URL without a token, a bad URL or page size', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'https://up.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ UPSTREAM_URL: 'not a url', UPSTREAM_TOKEN: 't' })).toThrow(/UPSTREAM_URL/);
    expect(() =>
      loadConfig({ UPSTREAM_URL: 'https://a', UPSTREAM_TOKEN: 't', UPSTREAM_PAGE_SIZE: '0' }),
    ).toThrow(/UPSTREAM_PAGE_SIZE/);
  });

  it('refuses a plain-http upstream unless it is on loopback or ALLOW_INSECURE=true', () => {
    const agent = (env: Record<string, string>) => loadConfig({ UPSTREAM_TOKEN: 'od_x', ...env }).agent;
    for (const url of ['http://up.example.com', 'http://10.0.0.5:8080', 'http://[2001:db8::1]/']) {
      expect(() => agent({ UPSTREAM_URL: url })).toThrow(/UPSTREAM_URL: must be https/);
      expect(agent({ UPSTREAM_URL: url, ALLOW_INSECURE: 'true' })?.upstreamUrls).toEqual([
        url.replace(/\/+$/, ''),
      ]);
    }
    for (const url of [
      'http://127.0.0.1:8080',
      'http://localhost:8080',
      'http://[::1]:8080',
      'https://up.example.com',
    ]) {
      expect(agent({ UPSTREAM_URL: url })?.upstreamUrls).toEqual([url]);
    }
  });

  it('takes several upstream addresses separated by commas, each held to the same rules', () => {
    const agent = (env: Record<string, string>) => loadConfig({ UPSTREAM_TOKEN: 'od_x', ...env }).agent;
    expect(agent({ UPSTREAM_URL: 'https://a.example/, https://b.example' })?.upstreamUrls).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(() => agent({ UPSTREAM_URL: 'https://a.example,http://b.example' })).toThrow(
      /UPSTREAM_URL: must be https/,
    );
    expect(() => agent({ UPSTREAM_URL: 'https://a.example,nonsense' })).toThrow(/UPSTREAM_URL/);
  });
});

/** With AUTH_MODE=none the guard lets every request through: the upstream API still wants an agent's token. */
describe('the upstream API with AUTH_MODE=none', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('answers 401 without an agent token and 201/200 with one', async () => {
    expect((await fetch(`${server.baseUrl}/api/upstream/ping`)).status).toBe(401);
    const res = await fetch(`${server.baseUrl}/api/agent/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'open' }),
    });
    expect(res.status).toBe(201);
    const again = await fetch(`${server.baseUrl}/api/agent/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'open' }),
    });
    // The Add Agent form says it next to the Name field.
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'An agent named open already exists', fields: ['name'] });
    const { access_token } = (await res.json()) as { access_token: string };
    const ping = await fetch(`${server.baseUrl}/api/upstream/ping`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(ping.status).toBe(200);
  });
});
