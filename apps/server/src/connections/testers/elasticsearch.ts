import { z } from 'zod';
import { apiUrl, getWithConnection, parseAnswer } from './http.js';
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
    const health = parseAnswer(answer.text, healthSchema, 'an Elasticsearch URL');
    const { cluster_name, status, number_of_nodes } = health;
    return { cluster: cluster_name, status, nodes: number_of_nodes };
  },
};
