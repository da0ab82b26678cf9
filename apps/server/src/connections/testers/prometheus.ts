import { z } from 'zod';
import { apiUrl, getWithConnection } from './http.js';
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
    let parsed;
    try {
      parsed = answerSchema.safeParse(JSON.parse(answer.text));
    } catch {
      throw new Error('the answer is not JSON: is this a Prometheus URL?');
    }
    if (!parsed.success) throw new Error('unexpected answer: is this a Prometheus URL?');
    if (parsed.data.status !== 'success')
      throw new Error(`query failed: ${parsed.data.error ?? parsed.data.status}`);
    return { result: parsed.data.data?.result };
  },
};
