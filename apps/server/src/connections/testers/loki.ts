import { z } from 'zod';
import { apiUrl, getWithConnection, parseAnswer } from './http.js';
import { parseUrl, type ConnectionTester } from './types.js';

const labelsSchema = z.object({ status: z.string(), data: z.array(z.string()).optional() });

/** Loki: the label names (`/loki/api/v1/labels`), with the connection's credentials as Basic auth. */
export const lokiTester: ConnectionTester = {
  types: ['loki'],
  async test(conn, ctx) {
    parseUrl(conn.url, 'http://loki:3100');
    const answer = await getWithConnection(conn, apiUrl(conn.url, '/loki/api/v1/labels'), ctx);
    const body = parseAnswer(answer.text, labelsSchema, 'a Loki URL');
    if (body.status !== 'success') throw new Error('unexpected answer: is this a Loki URL?');
    const labels = body.data ?? [];
    return { labels: labels.length, names: labels.slice(0, 20) };
  },
};
