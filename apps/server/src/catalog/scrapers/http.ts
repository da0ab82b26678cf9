import type { HttpScraperSpec } from '@opsdeck/shared';
import { loadUndici } from '../../lib/packages.js';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { basicAuthorization } from '../../net/basic-auth.js';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { BODY_LIMITS, readTextCapped } from '../../net/read-body.js';
import { extractItems } from '../extract.js';
import { emptyOutput } from '../types.js';
import type { ScrapeContext, ScraperKindRunner } from './types.js';

const TIMEOUT_MS = 30_000;

type Target = { url: string; username?: string; password?: string };

/** The URL and credentials to use: the entry's own, filled from its connection when it names one. */
async function targetOf(entry: HttpScraperSpec, sc: ScrapeContext): Promise<Target> {
  const own = { username: entry.username, password: entry.password };
  if (entry.connection === undefined) return { url: entry.url ?? '', ...own };
  if (!isConnectionReference(entry.connection)) {
    throw new Error('connection must be connection://namespace/name or a connection id');
  }
  const conn = await resolveConnection(sc.ctx, entry.connection);
  return {
    url: entry.url ?? conn.url,
    username: own.username ?? (conn.username || undefined),
    password: own.password ?? (conn.password || undefined),
  };
}

function headerRecord(entry: HttpScraperSpec, target: Target): Record<string, string> {
  const h = entry.headers;
  const out: Record<string, string> = { accept: 'application/json' };
  if (Array.isArray(h)) for (const { name, value } of h) out[name.toLowerCase()] = value;
  else for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  if (target.username !== undefined) out.authorization = basicAuthorization(target.username, target.password);
  return out;
}

/** One URL returning JSON → items. */
export const httpScraper: ScraperKindRunner<HttpScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    const where = entry.url ?? entry.connection ?? '';
    try {
      const target = await targetOf(entry, sc);
      const { request } = await loadUndici();
      const res = await request(target.url, {
        method: entry.method ?? 'GET',
        headers: headerRecord(entry, target),
        body: entry.method === 'GET' || entry.method === 'DELETE' ? undefined : entry.body,
        dispatcher: await sharedOutboundAgent(sc.outbound),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: sc.signal,
      });
      const text = await readTextCapped(res.body, { maxBytes: BODY_LIMITS.scraper, what: 'response' });
      if (res.statusCode >= 400) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        throw new Error(`response is not JSON (HTTP ${res.statusCode}, ${text.slice(0, 80)})`);
      }
      const extracted = await extractItems(entry, [{ doc, where }]);
      out.items.push(...extracted.items);
      out.errors.push(...extracted.errors);
    } catch (e) {
      out.errors.push(`${where}: ${(e as Error).message}`);
    }
    return out;
  },
};
