import { BUNDLED_CHARTS, chartTopSchemaSchema, type ChartAnswer, type ChartId } from '@opsdeck/shared';
import YAML from 'yaml';
import { z } from 'zod';
import { loadUndici } from '../lib/packages.js';
import { sharedOutboundAgent } from '../net/outbound-http.js';
import type { OutboundPolicy } from '../net/outbound.js';
import { BODY_LIMITS, readTextCapped } from '../net/read-body.js';

/** Both files of a chart must have arrived within this: the modal waits for them. */
const TIMEOUT_MS = 5_000;
/** A chart read from the registry is kept this long before it is read again. */
const FRESH_MS = 60 * 60_000;
/**
 * After a failure the bundled copy is the answer for this long, so that a server without
 * internet access does not wait out the timeout at every opening of the modal.
 */
const RETRY_MS = 5 * 60_000;

/** Chart.yaml's fields the form shows; every scalar read as text (`version: 1.0` stays "1.0"). */
const chartYamlSchema = z.looseObject({
  name: z.string().min(1),
  version: z.string().min(1),
  description: z.string().default(''),
});

export type ChartRegistryOptions = {
  /** CHART_REGISTRY_URL without its trailing slash; undefined: the bundled copies only. */
  baseUrl: string | undefined;
  outbound: OutboundPolicy;
  /** Told once per failed read, with the reason (no secret: the registry is public). */
  onFailure?: (chart: ChartId, reason: string) => void;
  now?: () => number;
};

export type ChartRegistry = { chart(id: ChartId): Promise<ChartAnswer> };

function messageOf(e: unknown): string {
  if (e instanceof z.ZodError) {
    const issue = e.issues[0];
    return issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid';
  }
  return e instanceof Error ? e.message : String(e);
}

async function fetchText(url: string, outbound: OutboundPolicy, signal: AbortSignal): Promise<string> {
  const { request } = await loadUndici();
  const res = await request(url, {
    dispatcher: await sharedOutboundAgent(outbound),
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal,
  });
  const file = url.slice(url.lastIndexOf('/') + 1);
  const text = await readTextCapped(res.body, {
    maxBytes: BODY_LIMITS.chartRegistry,
    what: `${file}: answer`,
  });
  if (res.statusCode !== 200) throw new Error(`${file}: HTTP ${res.statusCode}`);
  return text;
}

/** Chart.yaml and values.schema.json of one chart, read and checked. */
async function fromRegistry(base: string, id: ChartId, outbound: OutboundPolicy): Promise<ChartAnswer> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const schemaUrl = `${base}/${id}/values.schema.json`;
  const [chartYaml, schemaText] = await Promise.all([
    fetchText(`${base}/${id}/Chart.yaml`, outbound, signal),
    fetchText(schemaUrl, outbound, signal),
  ]);
  let meta: z.infer<typeof chartYamlSchema>;
  try {
    meta = chartYamlSchema.parse(YAML.parse(chartYaml, { schema: 'failsafe' }));
  } catch (e) {
    throw new Error(`Chart.yaml: ${messageOf(e)}`);
  }
  let schemaJson: unknown;
  try {
    schemaJson = JSON.parse(schemaText);
  } catch {
    throw new Error('values.schema.json: not JSON');
  }
  const schema = chartTopSchemaSchema.safeParse(schemaJson);
  if (!schema.success) throw new Error(`values.schema.json: ${messageOf(schema.error)}`);
  return {
    chart: id,
    source: 'registry',
    name: meta.name,
    version: meta.version,
    description: meta.description,
    schema: schema.data,
    schemaUrl,
  };
}

function bundled(id: ChartId, base: string | undefined, reason: string): ChartAnswer {
  return {
    chart: id,
    source: 'bundled',
    ...BUNDLED_CHARTS[id],
    ...(base ? { schemaUrl: `${base}/${id}/values.schema.json` } : {}),
    reason,
  };
}

/**
 * The charts of the Add Integration modal, read from the public chart registry through the
 * outbound policy and kept in memory (an hour; a failure five minutes), or the bundled copy of
 * a chart when the registry cannot be reached, refuses, or answers something that is not a chart.
 * Callers asking for one chart at the same time share one read.
 */
export function chartRegistry(o: ChartRegistryOptions): ChartRegistry {
  const now = o.now ?? Date.now;
  const cache = new Map<ChartId, { answer: ChartAnswer; until: number }>();
  const reading = new Map<ChartId, Promise<ChartAnswer>>();

  async function read(id: ChartId): Promise<ChartAnswer> {
    const base = o.baseUrl;
    if (!base) return bundled(id, undefined, 'no chart registry is configured (CHART_REGISTRY_URL)');
    try {
      const answer = await fromRegistry(base, id, o.outbound);
      cache.set(id, { answer, until: now() + FRESH_MS });
      return answer;
    } catch (e) {
      const reason = `the chart registry could not be read: ${messageOf(e)}`;
      o.onFailure?.(id, reason);
      const answer = bundled(id, base, reason);
      cache.set(id, { answer, until: now() + RETRY_MS });
      return answer;
    }
  }

  return {
    chart(id) {
      const kept = cache.get(id);
      if (kept && kept.until > now()) return Promise.resolve(kept.answer);
      let p = reading.get(id);
      if (!p) {
        p = read(id).finally(() => reading.delete(id));
        reading.set(id, p);
      }
      return p;
    },
  };
}
