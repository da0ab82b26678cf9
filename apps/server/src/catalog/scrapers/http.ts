import type { HttpScraperSpec } from '@opsdeck/shared';
import { request } from 'undici';
import { sharedOutboundAgent } from '../../net/outbound-http.js';
import { extractItems } from '../extract.js';
import { emptyOutput } from '../types.js';
import type { ScraperKindRunner } from './types.js';

const TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 50 * 1024 * 1024;

function headerRecord(entry: HttpScraperSpec): Record<string, string> {
  const h = entry.headers;
  const out: Record<string, string> = { accept: 'application/json' };
  if (Array.isArray(h)) for (const { name, value } of h) out[name.toLowerCase()] = value;
  else for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  if (entry.username !== undefined) {
    out.authorization = `Basic ${Buffer.from(`${entry.username}:${entry.password ?? ''}`).toString('base64')}`;
  }
  return out;
}

/** One URL returning JSON → items. */
export const httpScraper: ScraperKindRunner<HttpScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    if (entry.connection) {
      out.errors.push(
        `${entry.url}: "connection" is not resolved by this server yet; set url, headers or username/password`,
      );
      return out;
    }
    try {
      const res = await request(entry.url, {
        method: entry.method ?? 'GET',
        headers: headerRecord(entry),
        body: entry.method === 'GET' || entry.method === 'DELETE' ? undefined : entry.body,
        dispatcher: sharedOutboundAgent(sc.outbound),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: sc.signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) throw new Error(`response larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
        chunks.push(chunk as Buffer);
      }
      const text = Buffer.concat(chunks).toString('utf8');
      if (res.statusCode >= 400) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        throw new Error(`response is not JSON (HTTP ${res.statusCode}, ${text.slice(0, 80)})`);
      }
      const extracted = extractItems(entry, [{ doc, where: entry.url }]);
      out.items.push(...extracted.items);
      out.errors.push(...extracted.errors);
    } catch (e) {
      out.errors.push(`${entry.url}: ${(e as Error).message}`);
    }
    return out;
  },
};
