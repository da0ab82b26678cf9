import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../../test/fakeServer.js';
import { feature } from './routes.js';

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer(
    {
      '/api/catalog/summary': () => [],
      '/api/db/configs': () => json([], { headers: { 'content-range': '*/0' } }),
    },
    () => [],
  );
});

/** Loads /catalog's route as the router does (its `lazy`). */
async function loadCatalogRoute(): Promise<void> {
  const lazy = feature.routes?.find((r) => r.path === 'catalog')?.lazy;
  if (typeof lazy !== 'function') throw new Error('/catalog has no lazy route');
  await lazy();
}

const dataRequests = () =>
  server.requests.filter((r) => ['/api/db/configs', '/api/catalog/summary'].includes(r.url.pathname));

describe('the /catalog route', () => {
  it("opened at /catalog, starts the page's request with the page's code", async () => {
    window.history.replaceState(null, '', '/catalog?configType=Kubernetes::Pod');
    await loadCatalogRoute();
    await waitFor(() => expect(dataRequests()).toHaveLength(1));
    expect(dataRequests()[0]?.url.searchParams.get('type')).toBe('eq.Kubernetes::Pod');
  });

  it('reached from another page (the address is still that page’s), leaves the request to the page', async () => {
    window.history.replaceState(null, '', '/health?search=Kubernetes');
    await loadCatalogRoute();
    // Every import the route started has run, and what it started then has had its turn.
    await vi.dynamicImportSettled();
    await new Promise((r) => setTimeout(r, 0));
    expect(dataRequests()).toEqual([]);
  });
});
