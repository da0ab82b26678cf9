import { prometheusCheckSchema } from '@opsdeck/shared';
import { z } from 'zod';
import { basicAuthFromUrl, fetchJson, joinUrl } from './http-json.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';

type PrometheusSpec = z.infer<typeof prometheusCheckSchema>;

const queryResponse = z.object({
  status: z.string(),
  error: z.string().optional(),
  data: z
    .object({
      resultType: z.string(),
      result: z.union([
        z.array(
          z.object({
            metric: z.record(z.string(), z.string()).default({}),
            value: z.tuple([z.number(), z.string()]),
          }),
        ),
        z.tuple([z.number(), z.string()]),
      ]),
    })
    .optional(),
});

/** Prometheus: an instant query through the HTTP API; `results` holds labels and values. */
export const prometheusRunner: CheckRunner<PrometheusSpec> = {
  type: 'prometheus',
  schema: prometheusCheckSchema,
  endpoint: (s) => (s.url ? redactUrl(s.url) : (s.connection ?? '')),
  async run(spec, ctx) {
    if (!spec.url) return fail('url is required');
    const { url: base, headers } = basicAuthFromUrl(spec.url);
    const url = `${joinUrl(base, '/api/v1/query')}?query=${encodeURIComponent(spec.query)}`;
    const res = await fetchJson(url, ctx, { headers });
    const parsed = queryResponse.safeParse(res.json);
    if (!parsed.success) return fail(`unexpected response (HTTP ${res.status}): ${res.text}`);
    const body = parsed.data;
    if (body.status !== 'success' || !body.data) return fail(`query failed: ${body.error ?? body.status}`);
    const raw = body.data.result;
    const results =
      Array.isArray(raw[0]) || typeof raw[0] === 'number'
        ? [{ value: Number((raw as [number, string])[1]) }]
        : (raw as { metric: Record<string, string>; value: [number, string] }[]).map((r) => ({
            ...r.metric,
            value: Number(r.value[1]),
          }));
    const data = { results, count: results.length };
    if (spec.test) return pass(`${results.length} series`, data);
    if (results.length === 0) return fail('the query returned no results', data);
    return pass(`${results.length} series`, data);
  },
};
