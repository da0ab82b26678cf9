import type { LogItem, LokiLogBackend } from '@opsdeck/shared';
import { z } from 'zod';
import { basicHeader, fetchJson, httpTarget } from './http.js';
import { LogBackendError, type LogBackend } from './types.js';

const answerSchema = z.object({
  status: z.string().optional(),
  data: z.object({
    resultType: z.string().optional(),
    result: z.array(
      z.object({
        stream: z.record(z.string(), z.string()).default({}),
        values: z.array(z.tuple([z.string(), z.string()])),
      }),
    ),
  }),
});

/** A LogQL string literal. */
const literal = (s: string) => JSON.stringify(s);

/** Nanoseconds since the epoch, as Loki wants them. */
const nanos = (d: Date) => `${BigInt(d.getTime()) * 1_000_000n}`;

/**
 * Loki's /loki/api/v1/query_range: the backend's stream selector, the search text as a
 * case-insensitive line filter, newest first (direction backward) up to the limit.
 */
export const lokiBackend: LogBackend<LokiLogBackend> = {
  async search(spec, q, ctx) {
    const target = await httpTarget(spec, ctx);
    const text = q.query.trim();
    const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const logql = text ? `${spec.query} |~ ${literal(`(?i)${escaped}`)}` : spec.query;
    const params = new URLSearchParams({
      query: logql,
      start: nanos(q.start),
      end: nanos(q.end),
      limit: String(q.limit),
      direction: 'backward',
    });
    const url = `${target.url.replace(/\/+$/, '')}/loki/api/v1/query_range?${params}`;
    const headers = {
      ...basicHeader(target.username, target.password),
      ...(spec.tenant ? { 'x-scope-orgid': spec.tenant } : {}),
    };
    const parsed = answerSchema.safeParse(await fetchJson(url, { method: 'GET', headers }, ctx));
    if (!parsed.success) throw new LogBackendError('the answer is not a Loki query_range result');
    const results: (LogItem & { ns: bigint })[] = [];
    for (const s of parsed.data.data.result) {
      for (const [ts, line] of s.values) {
        const ns = BigInt(ts);
        results.push({
          ns,
          timestamp: new Date(Number(ns / 1_000_000n)).toISOString(),
          message: line,
          labels: { ...spec.labels, ...s.stream },
        });
      }
    }
    results.sort((a, b) => (a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0));
    const latest = results.slice(-q.limit).map(({ ns: _ns, ...item }) => item);
    return { total: results.length, results: latest };
  },
};
