import type { ElasticsearchLogBackend, LogItem, OpensearchLogBackend } from '@opsdeck/shared';
import { z } from 'zod';
import { basicHeader, envValue, fetchJson, httpTarget } from './http.js';
import { LogBackendError, type LogBackend, type LogBackendContext, type LogQuery } from './types.js';

const hitsSchema = z.object({
  hits: z.object({
    total: z.union([z.number(), z.object({ value: z.number() })]).optional(),
    hits: z.array(
      z.object({
        _index: z.string().optional(),
        _id: z.string().optional(),
        _source: z.record(z.string(), z.unknown()),
      }),
    ),
  }),
});

/** `a.b.c` of a document. */
function field(doc: Record<string, unknown>, path: string): unknown {
  if (path in doc) return doc[path];
  return path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      doc,
    );
}

/** The _search body: the backend's own query and the search text as query_string, the range as a filter. */
function searchBody(spec: ElasticsearchLogBackend | OpensearchLogBackend, q: LogQuery, tsField: string) {
  const must: unknown[] = [];
  if (spec.query) must.push({ query_string: { query: spec.query } });
  if (q.query.trim()) must.push({ query_string: { query: q.query.trim(), default_operator: 'AND' } });
  return {
    size: q.limit,
    track_total_hits: true,
    sort: [{ [tsField]: { order: 'desc' } }],
    query: {
      bool: {
        must,
        filter: [{ range: { [tsField]: { gte: q.start.toISOString(), lte: q.end.toISOString() } } }],
      },
    },
  };
}

async function search(
  spec: ElasticsearchLogBackend | OpensearchLogBackend,
  apiKey: string | undefined,
  q: LogQuery,
  ctx: LogBackendContext,
) {
  if ('cloudID' in spec && spec.cloudID !== undefined)
    throw new LogBackendError('cloudID is not supported: give the address of the cluster');
  const target = await httpTarget(spec, ctx);
  const tsField = spec.fields?.timestamp ?? '@timestamp';
  const msgField = spec.fields?.message ?? 'message';
  const hidden = new Set([tsField, msgField, ...(spec.fields?.exclusions ?? [])]);
  const url = `${target.url.replace(/\/+$/, '')}/${encodeURIComponent(spec.index).replace(/%2C/g, ',').replace(/%2A/g, '*')}/_search`;
  const headers = apiKey
    ? { authorization: `ApiKey ${apiKey}` }
    : basicHeader(target.username, target.password);
  const parsed = hitsSchema.safeParse(
    await fetchJson(url, { method: 'POST', headers, body: searchBody(spec, q, tsField) }, ctx),
  );
  if (!parsed.success) throw new LogBackendError('the answer is not an Elasticsearch search result');
  const { hits } = parsed.data;
  const results: LogItem[] = hits.hits.map((h) => {
    const labels: Record<string, string> = { ...spec.labels };
    for (const [k, v] of Object.entries(h._source)) {
      if (!hidden.has(k) && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
        labels[k] = String(v);
    }
    if (h._index) labels.index = h._index;
    const ts = field(h._source, tsField);
    const at = typeof ts === 'string' || typeof ts === 'number' ? new Date(ts) : undefined;
    const msg = field(h._source, msgField);
    return {
      timestamp: at && !Number.isNaN(at.getTime()) ? at.toISOString() : q.end.toISOString(),
      message: typeof msg === 'string' ? msg : JSON.stringify(msg ?? h._source),
      labels,
    };
  });
  const total = typeof hits.total === 'number' ? hits.total : (hits.total?.value ?? results.length);
  return { total, results: results.reverse() };
}

/** Elasticsearch's _search API: query_string, a range on the timestamp field, newest first. */
export const elasticsearchBackend: LogBackend<ElasticsearchLogBackend> = {
  search: (spec, q, ctx) => search(spec, envValue(spec.apiKey, 'apiKey'), q, ctx),
};

/** OpenSearch answers the same _search API. */
export const opensearchBackend: LogBackend<OpensearchLogBackend> = {
  search: (spec, q, ctx) => search(spec, undefined, q, ctx),
};
