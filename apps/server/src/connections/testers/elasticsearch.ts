import { z } from 'zod';
import { apiUrl, getWithConnection } from './http.js';
import { parseUrl, type ConnectionTester } from './types.js';

const healthSchema = z
  .object({ cluster_name: z.string(), status: z.string(), number_of_nodes: z.number().optional() })
  .loose();

/** Elasticsearch and OpenSearch: the cluster health over HTTP. */
export const elasticsearchTester: ConnectionTester = {
  types: ['elasticsearch', 'opensearch'],
  async test(conn, ctx) {
    parseUrl(conn.url, 'https://search:9200');
    const answer = await getWithConnection(conn, apiUrl(conn.url, '/_cluster/health'), ctx);
    let parsed;
    try {
      parsed = healthSchema.safeParse(JSON.parse(answer.text));
    } catch {
      throw new Error('the answer is not JSON: is this an Elasticsearch URL?');
    }
    if (!parsed.success) throw new Error('unexpected answer: is this an Elasticsearch URL?');
    const { cluster_name, status, number_of_nodes } = parsed.data;
    return { cluster: cluster_name, status, nodes: number_of_nodes };
  },
};
