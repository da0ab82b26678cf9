import { z } from 'zod';
import { apiUrl, getWithConnection, parseAnswer } from './http.js';
import { parseUrl, type ConnectionTester } from './types.js';

const answerSchema = z.object({
  status: z.string(),
  error: z.string().optional(),
  data: z.object({ result: z.unknown() }).loose().optional(),
});

/** Prometheus (and Loki-compatible query APIs): the instant query `sum(up)`. */
export const prometheusTester: ConnectionTester = {
  types: ['prometheus'],
  async test(conn, ctx) {
    parseUrl(conn.url, 'http://prometheus:9090');
    const answer = await getWithConnection(conn, `${apiUrl(conn.url, '/api/v1/query')}?query=sum(up)`, ctx);
    const query = parseAnswer(answer.text, answerSchema, 'a Prometheus URL');
    if (query.status !== 'success') throw new Error(`query failed: ${query.error ?? query.status}`);
    return { result: query.data?.result };
  },
};
