import { alertmanagerCheckSchema, type AlertmanagerCheckSpec } from '@opsdeck/shared';
import { z } from 'zod';
import { basicAuthFromUrl, fetchJson, joinUrl } from './http-json.js';
import { type CheckRunner, fail, pass, redactUrl } from './types.js';

const alertsResponse = z.array(
  z
    .object({
      labels: z.record(z.string(), z.string()).default({}),
      annotations: z.record(z.string(), z.string()).default({}),
      fingerprint: z.string().default(''),
      startsAt: z.string().optional(),
      status: z.object({ state: z.string() }).loose().optional(),
    })
    .loose(),
);

/** An Alertmanager matcher value, quoted so regex and comma characters survive. */
const quote = (v: string) => JSON.stringify(v);
/** Several name patterns as one regex (separate `alertname=~` filters would all have to match). */
const anyOf = (patterns: string[]) => patterns.map((p) => `(?:${p})`).join('|');

/** The `filter` matchers: canary-checker's alerts, ignore, filters and exclude_filters. */
export function alertFilters(spec: AlertmanagerCheckSpec): string[] {
  const filters: string[] = [];
  if (spec.alerts?.length) filters.push(`alertname=~${quote(anyOf(spec.alerts))}`);
  if (spec.ignore?.length) filters.push(`alertname!~${quote(anyOf(spec.ignore))}`);
  for (const [k, v] of Object.entries(spec.filters ?? {})) filters.push(`${k}=~${quote(v)}`);
  for (const [k, v] of Object.entries(spec.exclude_filters ?? {})) filters.push(`${k}!=${quote(v)}`);
  return filters;
}

/** canary-checker's alert name: alertname, then namespace/node, one workload label, the container. */
function fullName(labels: Record<string, string>): string {
  const parts = [labels.alertname ?? ''];
  for (const k of ['namespace', 'node']) if (labels[k]) parts.push(labels[k]);
  const workload = [
    'deployment',
    'daemonset',
    'statefulset',
    'cronjob_name',
    'job_name',
    'pod',
    'nodename',
  ].find((k) => labels[k]);
  if (workload) parts.push(labels[workload] ?? '');
  if (labels.container && labels.job !== labels.container) parts.push(labels.container);
  return parts.join('/');
}

const messageOf = (a: Record<string, string>) => a.message ?? a.description ?? a.summary ?? '';

/**
 * Alertmanager: the active alerts (not silenced, not inhibited) matching the filters, from
 * `/api/v2/alerts`. Fails while any fire, naming them; `alerts` (and canary-checker's
 * `results.alerts`) list name, message, labels, annotations and fingerprint.
 */
export const alertmanagerRunner: CheckRunner<AlertmanagerCheckSpec> = {
  type: 'alertmanager',
  schema: alertmanagerCheckSchema,
  endpoint: (s) => (s.url ? redactUrl(s.url) : (s.connection ?? '')),
  async run(spec, ctx) {
    if (!spec.url) return fail('url is required');
    const { url: base, headers } = basicAuthFromUrl(spec.url);
    const query = new URLSearchParams({ active: 'true', silenced: 'false', inhibited: 'false' });
    for (const f of alertFilters(spec)) query.append('filter', f);
    const res = await fetchJson(`${joinUrl(base, '/api/v2/alerts')}?${query.toString()}`, ctx, { headers });
    if (res.status !== 200) return fail(`Alertmanager answered HTTP ${res.status}: ${res.text}`);
    const parsed = alertsResponse.safeParse(res.json);
    if (!parsed.success) return fail(`unexpected response from Alertmanager: ${res.text}`);
    const alerts = parsed.data.map((a) => ({
      name: fullName(a.labels),
      message: messageOf(a.annotations),
      labels: a.labels,
      annotations: a.annotations,
      fingerprint: a.fingerprint,
      ...(a.startsAt ? { startsAt: a.startsAt } : {}),
    }));
    alerts.sort((a, b) => a.name.localeCompare(b.name));
    const data = { alerts, results: { alerts }, count: alerts.length };
    if (spec.test) return pass(`${alerts.length} firing alerts`, data);
    if (alerts.length === 0) return pass('no matching alerts are firing', data);
    const shown = alerts.slice(0, 10).map((a) => (a.message ? `${a.name} (${a.message})` : a.name));
    const more = alerts.length > shown.length ? `, and ${alerts.length - shown.length} more` : '';
    return fail(`${alerts.length} alerts firing: ${shown.join(', ')}${more}`, data);
  },
};
