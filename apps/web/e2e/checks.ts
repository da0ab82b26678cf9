import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.js';

/** Helpers of the journeys that make a check fail and recover against a loopback target. */

/** A loopback HTTP target the test flips between 500 and 200. */
export async function startFlipTarget(): Promise<{
  url: string;
  setOk: (ok: boolean) => void;
  close: () => Promise<void>;
}> {
  let ok = false;
  const server = http.createServer((_req, res) => {
    res.writeHead(ok ? 200 : 500, { 'content-type': 'text/plain' });
    res.end(ok ? 'fine' : 'broken');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    setOk: (v) => (ok = v),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Creates a canary with one http check and returns the check's id once it exists. */
export async function createCheck(
  request: APIRequestContext,
  canary: string,
  check: string,
  url: string,
): Promise<string> {
  const created = await request.post('/api/db/canaries', {
    headers: { Prefer: 'return=representation' },
    data: {
      name: canary,
      namespace: 'default',
      labels: {},
      schedule: '@every 1h',
      source: 'UI',
      spec: { http: [{ name: check, url, responseCodes: [200] }] },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  let id = '';
  await expect(async () => {
    const res = await request.get(`/api/db/checks?select=id&name=eq.${check}&deleted_at=is.null`);
    const found = (await res.json()) as Array<{ id: string }>;
    expect(found).toHaveLength(1);
    id = found[0]?.id ?? '';
  }).toPass({ timeout: 60_000 });
  return id;
}

/** Runs the check now and waits until its stored status is the wanted one. */
export async function runCheck(request: APIRequestContext, id: string, status: 'healthy' | 'unhealthy') {
  await expect(async () => {
    const run = await request.post(`/api/canary/run/check/${id}`);
    expect(run.ok(), await run.text()).toBe(true);
    const res = await request.get(`/api/db/checks?select=status&id=eq.${id}`);
    expect(((await res.json()) as Array<{ status: string }>)[0]?.status).toBe(status);
  }).toPass({ timeout: 60_000 });
}
