import type http from 'node:http';
import { loopbackServer } from '../catalog/peers.js';

export type Doc = { '@timestamp': string; message: string; [k: string]: string };

async function body(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type Clause = { query_string?: { query: string } };
type SearchBody = {
  size?: number;
  sort?: Record<string, { order: string }>[];
  query?: {
    bool?: {
      must?: Clause[];
      filter?: { range?: Record<string, { gte?: string; lte?: string }> }[];
    };
  };
};

/**
 * A loopback server speaking the part of Elasticsearch's (and OpenSearch's) `_search` API log
 * searches use: `POST /{index}/_search` with bool.must query_string clauses (matched here as
 * case-insensitive substrings of the message), a range filter on the timestamp field, sort
 * and size; it answers `{hits: {total: {value}, hits: [{_index, _id, _source}]}}`.
 * `auth` is the Authorization header it insists on.
 */
export async function fakeElasticsearch(index: string, docs: Doc[], auth: string) {
  const requests: SearchBody[] = [];
  const peer = await loopbackServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.headers.authorization !== auth) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'security_exception' }, status: 401 }));
      }
      if (req.method !== 'POST' || url.pathname !== `/${index}/_search`) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'index_not_found_exception' }, status: 404 }));
      }
      const q = JSON.parse(await body(req)) as SearchBody;
      requests.push(q);
      const texts = (q.query?.bool?.must ?? []).map((c) => c.query_string?.query.toLowerCase() ?? '');
      const range = q.query?.bool?.filter?.[0]?.range?.['@timestamp'] ?? {};
      const matched = docs
        .filter((d) => texts.every((t) => d.message.toLowerCase().includes(t)))
        .filter(
          (d) => (!range.gte || d['@timestamp'] >= range.gte) && (!range.lte || d['@timestamp'] <= range.lte),
        )
        .sort((a, b) => b['@timestamp'].localeCompare(a['@timestamp']));
      const hits = matched
        .slice(0, q.size ?? 10)
        .map((d, i) => ({ _index: index, _id: String(i), _source: d }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ took: 1, hits: { total: { value: matched.length, relation: 'eq' }, hits } }));
    })();
  });
  return { ...peer, requests };
}

export type LokiLine = { ts: Date; line: string; stream: Record<string, string> };

/**
 * A loopback server speaking Loki's `GET /loki/api/v1/query_range`: a stream selector of
 * `label="value"` pairs, an optional `|~ "(?i)text"` line filter, start/end in nanoseconds,
 * limit and direction; it answers `{status, data: {resultType: 'streams', result: [{stream, values}]}}`.
 * `GET /loki/api/v1/labels` answers the label names of the lines. It insists on the tenant
 * (X-Scope-OrgID) when given one, and on the Authorization header `auth` when given one.
 */
export async function fakeLoki(lines: LokiLine[], tenant: string | undefined, auth?: string) {
  const queries: string[] = [];
  const requests: string[] = [];
  const peer = await loopbackServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname);
    if (url.pathname !== '/loki/api/v1/query_range' && url.pathname !== '/loki/api/v1/labels') {
      res.writeHead(404);
      return res.end('404 page not found');
    }
    if (tenant !== undefined && req.headers['x-scope-orgid'] !== tenant) {
      res.writeHead(401);
      return res.end('no org id');
    }
    if (auth !== undefined && req.headers.authorization !== auth) {
      res.writeHead(401);
      return res.end('authentication required');
    }
    if (url.pathname === '/loki/api/v1/labels') {
      const names = [...new Set(lines.flatMap((l) => Object.keys(l.stream)))].sort();
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: 'success', data: names }));
    }
    const query = url.searchParams.get('query') ?? '';
    queries.push(query);
    const selector = /^\{([^}]*)\}/.exec(query)?.[1] ?? '';
    const wanted = [...selector.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const);
    const filter = /\|~ "(.*)"$/.exec(query)?.[1];
    const re = filter ? new RegExp(JSON.parse(`"${filter}"`).replace(/^\(\?i\)/, ''), 'i') : undefined;
    const start = BigInt(url.searchParams.get('start') ?? '0');
    const end = BigInt(url.searchParams.get('end') ?? `${BigInt(Date.now()) * 1_000_000n}`);
    const limit = Number(url.searchParams.get('limit') ?? '100');
    const ns = (d: Date) => BigInt(d.getTime()) * 1_000_000n;
    const matched = lines
      .filter((l) => wanted.every(([k, v]) => l.stream[k] === v))
      .filter((l) => !re || re.test(l.line))
      .filter((l) => ns(l.ts) >= start && ns(l.ts) < end)
      .sort((a, b) => b.ts.getTime() - a.ts.getTime())
      .slice(0, limit);
    const streams = new Map<string, { stream: Record<string, string>; values: [string, string][] }>();
    for (const l of matched) {
      const key = JSON.stringify(l.stream);
      const s = streams.get(key) ?? { stream: l.stream, values: [] };
      s.values.push([String(ns(l.ts)), l.line]);
      streams.set(key, s);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ status: 'success', data: { resultType: 'streams', result: [...streams.values()] } }),
    );
  });
  return { ...peer, queries, requests };
}
