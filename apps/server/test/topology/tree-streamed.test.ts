import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TREE_STREAM_FROM } from '../../src/topology/shared-tree.js';
import type { TreeResponse } from '../../src/topology/tree.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { insertTopology } from './fixtures.js';

/**
 * A tree of more components than TREE_STREAM_FROM goes out a chunk at a time (issue 39: at 50k
 * components the 62 MB string took the server from 363 to 963 MiB); the client sees one answer.
 */
describe.each(DB_KINDS)('a large topology tree (%s)', (kind) => {
  let server: TestServer;
  let topologyId: string;
  const cards = TREE_STREAM_FROM + 1;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { SUMMARY_SHARE: '60s' });
    topologyId = await insertTopology(server.db, 'large', {});
    await server.db.query(
      `INSERT INTO components (topology_id, name, status, type)
       SELECT $1, 'service-' || lpad(n::text, 5, '0'), CASE WHEN n % 3 = 0 THEN 'unhealthy' ELSE 'healthy' END, 'Service'
       FROM generate_series(1, $2::int) n`,
      [topologyId, cards],
    );
  });
  afterAll(async () => server?.close());

  // Uncompressed, so the framing shows whether the answer was written whole or in chunks.
  const get = (query: string) =>
    fetch(`${server.baseUrl}/api/canary/api/topology${query}`, {
      headers: { 'accept-encoding': 'identity' },
    });

  it('is written in chunks and reads as the whole tree, sorted and with its filter options', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get('?sortBy=name');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('transfer-encoding')).toBe('chunked');
      const tree = (await res.json()) as TreeResponse;
      expect(tree.components).toHaveLength(cards);
      expect(tree.components[0]!.name).toBe('service-00001');
      expect(tree.components.at(-1)!.name).toBe(`service-${String(cards).padStart(5, '0')}`);
      expect(tree.healthStatuses).toEqual(['healthy', 'unhealthy']);
      expect(tree.types).toEqual(['Service']);
    }
  });

  it('sends a filtered answer below the limit whole', async () => {
    const res = await get('?status=unhealthy');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).not.toBeNull();
    const tree = (await res.json()) as TreeResponse;
    expect(tree.components).toHaveLength(Math.floor(cards / 3));
  });
});
