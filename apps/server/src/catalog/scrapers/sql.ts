import type { SqlScraperSpec } from '@opsdeck/shared';
import type { ClientConfig } from 'pg';
import { isConnectionReference, resolveConnection } from '../../connections/index.js';
import { extractItems } from '../extract.js';
import { loadPg } from '../../lib/packages.js';
import { outboundPgConfig } from '../../net/outbound-postgres.js';
import { emptyOutput } from '../types.js';
import type { ScrapeContext, ScraperKindRunner } from './types.js';

const STATEMENT_TIMEOUT_MS = 60_000;

/**
 * The entry's connection string: itself, or the URL of the connection it names with that
 * connection's user and password (unless the URL carries its own).
 */
async function connectionStringOf(connection: string, sc: ScrapeContext): Promise<string> {
  if (!isConnectionReference(connection)) return connection;
  const conn = await resolveConnection(sc.ctx, connection);
  const u = new URL(conn.url);
  if (!u.username && conn.username) u.username = encodeURIComponent(conn.username);
  if (!u.password && conn.password) u.password = encodeURIComponent(conn.password);
  return u.toString();
}

/** One query → one item per row. PostgreSQL only: no MySQL or SQL Server client is installed. */
export const sqlScraper: ScraperKindRunner<SqlScraperSpec> = {
  async run(entry, sc) {
    const out = emptyOutput();
    const driver = entry.driver ?? 'postgres';
    if (driver !== 'postgres') {
      out.errors.push(
        `SQL driver "${driver}" is not available on this server (only postgres); see docs/catalog.md`,
      );
      return out;
    }
    let url: URL;
    let target: ClientConfig;
    try {
      const connectionString = await connectionStringOf(entry.connection, sc);
      url = new URL(connectionString);
      // The checked address, never the string itself: pg would resolve the name (or ?host=) again.
      target = await outboundPgConfig(connectionString, sc.outbound);
    } catch (e) {
      out.errors.push(`connection: ${(e as Error).message}`);
      return out;
    }
    const pg = await loadPg();
    const client = new pg.Client({
      application_name: 'opsdeck-scraper',
      ...target,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      connectionTimeoutMillis: 15_000,
    });
    client.on('error', () => {}); // a dropped connection surfaces through the query instead
    try {
      await client.connect();
      const res = await client.query<Record<string, unknown>>(entry.query);
      const docs = res.rows.map((row, i) => ({ doc: row, where: `row ${i + 1}` }));
      const extracted = await extractItems(entry, docs);
      out.items.push(...extracted.items);
      out.errors.push(...extracted.errors);
    } catch (e) {
      out.errors.push(`${url.host}${url.pathname}: ${(e as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
    return out;
  },
};
