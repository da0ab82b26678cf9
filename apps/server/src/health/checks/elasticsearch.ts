import { elasticsearchCheckSchema } from '@opsdeck/shared';
import { z } from 'zod';
import { basicAuthFromUrl, fetchJson, joinUrl } from './http-json.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';

type ElasticsearchSpec = z.infer<typeof elasticsearchCheckSchema>;

const searchResponse = z.object({
  hits: z.object({
    total: z.union([z.number(), z.object({ value: z.number() })]),
    hits: z.array(z.unknown()).default([]),
  }),
});

/** Elasticsearch / OpenSearch: a `_search` on the index; `results` is the expected hit count. */
function searchRunner(type: 'elasticsearch' | 'opensearch'): CheckRunner<ElasticsearchSpec> {
  return {
    type,
    schema: elasticsearchCheckSchema,
    endpoint: (s) => `${s.url ? redactUrl(s.url) : (s.connection ?? '')} ${s.index}`,
    async run(spec, ctx) {
      if (!spec.url) return fail('url is required');
      const { url, headers } = basicAuthFromUrl(spec.url);
      const res = await fetchJson(joinUrl(url, `${encodeURIComponent(spec.index)}/_search`), ctx, {
        method: 'POST',
        body: spec.query ?? '{"query":{"match_all":{}}}',
        headers: { 'content-type': 'application/json', ...headers },
      });
      if (res.status >= 400) return fail(`search failed with HTTP ${res.status}: ${res.text}`);
      const parsed = searchResponse.safeParse(res.json);
      if (!parsed.success) return fail(`unexpected response: ${res.text}`);
      const total =
        typeof parsed.data.hits.total === 'number' ? parsed.data.hits.total : parsed.data.hits.total.value;
      const data = { count: total, hits: parsed.data.hits.hits.slice(0, 20) };
      if (spec.results !== undefined && total !== spec.results) {
        return fail(`query returned ${total} hits, expected ${spec.results}`, data);
      }
      return pass(`${total} hits`, data);
    },
  };
}

export const elasticsearchRunner = searchRunner('elasticsearch');
export const opensearchRunner = searchRunner('opensearch');
