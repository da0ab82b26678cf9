import { dynatraceCheckSchema, type DynatraceCheckSpec } from '@opsdeck/shared';
import { z } from 'zod';
import { fetchJson } from './http-json.js';
import { type CheckRunner, fail, pass } from './types.js';
import { resolveValue } from './values.js';

const problemsResponse = z.object({
  totalCount: z.number().optional(),
  problems: z.array(
    z
      .object({
        problemId: z.string(),
        displayId: z.string().optional(),
        title: z.string(),
        status: z.string(),
        severityLevel: z.string().optional(),
        impactLevel: z.string().optional(),
        startTime: z.number().optional(),
        endTime: z.number().optional(),
      })
      .loose(),
  ),
  warnings: z.array(z.string()).optional(),
});

/** `scheme://host` of the environment; `host` may carry a port or a path such as /e/<env-id>. */
function baseUrl(spec: DynatraceCheckSpec): string {
  const host = (spec.host ?? '').replace(/\/+$/, '');
  if (/^https?:\/\//.test(host)) return host;
  return `${spec.scheme ?? 'https'}://${host}`;
}

/**
 * Dynatrace: the problems of the environment from `/api/v2/problems` (Api-Token auth). Fails
 * while any is OPEN, naming them; `results` (canary-checker's name) and `problems` hold them
 * all with id, title, status, severity and impact.
 */
export const dynatraceRunner: CheckRunner<DynatraceCheckSpec> = {
  type: 'dynatrace',
  schema: dynatraceCheckSchema,
  endpoint: (s) => (s.host ? baseUrl(s) : (s.connection ?? '')),
  async run(spec, ctx) {
    if (!spec.host) return fail('host is required');
    const token = resolveValue(spec.apiKey);
    const res = await fetchJson(`${baseUrl(spec)}/api/v2/problems?pageSize=500`, ctx, {
      headers: token ? { authorization: `Api-Token ${token}` } : {},
    });
    const err = (res.json as { error?: { message?: unknown } } | null)?.error?.message;
    const why = typeof err === 'string' ? err : res.text;
    if (res.status === 401) return fail(`Dynatrace refused the API token (HTTP 401): ${why}`);
    if (res.status !== 200) return fail(`Dynatrace answered HTTP ${res.status}: ${why}`);
    const parsed = problemsResponse.safeParse(res.json);
    if (!parsed.success) return fail(`unexpected response from Dynatrace: ${res.text}`);
    const problems = parsed.data.problems.map((p) => ({
      id: p.problemId,
      displayId: p.displayId ?? p.problemId,
      title: p.title,
      status: p.status,
      severity: p.severityLevel ?? '',
      impact: p.impactLevel ?? '',
      ...(p.startTime ? { startTime: new Date(p.startTime).toISOString() } : {}),
    }));
    const open = problems.filter((p) => p.status.toUpperCase() === 'OPEN');
    const data = { results: problems, problems, open: open.length, warnings: parsed.data.warnings ?? [] };
    if (spec.test || open.length === 0) return pass(`${open.length} open problems`, data);
    const shown = open.slice(0, 10).map((p) => `${p.displayId} ${p.title}`);
    const more = open.length > shown.length ? `, and ${open.length - shown.length} more` : '';
    return fail(`${open.length} open problems: ${shown.join(', ')}${more}`, data);
  },
};
